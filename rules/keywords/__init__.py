"""The keywords of the rulebook's Keyword List, each declared once with the contexts it acts in (model.py and the
declaration modules beside it); what the rules ask at play time is registry.py."""
