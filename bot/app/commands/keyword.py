"""/keyword apply|tokens|show — Knight-state keywords by hand: Bane X, Poison X, Toxify X, Parasitize X, Choke X,
Fortify X, Zeal X, Fleisch X, and the Generic tokens on their Condition cards (rules/knights/keyword_effects.py)."""

from __future__ import annotations

from typing import Any

from bot.app.commands.knight import NAME, find, on_knight
from bot.app.context import Invocation
from bot.app.registry import Command, Option, Registry
from bot.app.reply import Reply
from bot.app.service import App
from rules.knights import keyword_actions as ka
from rules.knights import keyword_effects as kw
from rules.knights.view import summary

KEYWORDS = ("bane", "poison", "toxify", "parasitize", "choke", "fortify", "zeal", "fleisch")


async def show(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    k = find(loaded, ctx, o.get("knight"))
    cat = app.catalogue
    status = kw.status(cat, k)
    text = f"**{k.name}** — " + ("; ".join(status) if status else "no keyword tokens, Choke Limit or additional Vigor.")
    return Reply(text=text, data={"knight": summary(cat, k), "keyword_status": status})


def register(r: Registry) -> None:
    r.describe_group("keyword", "Knight keywords by hand: Bane, Poison, Toxify, Choke, Fortify, Zeal...")
    r.add(Command(("keyword", "apply"), "Apply a keyword to a Knight (Bane X, Poison X, Choke X, Fortify X...)",
                  on_knight(lambda kid, o: ka.KeywordApply(knight=kid, keyword=o["keyword"], value=o["value"])), (
        Option("keyword", "string", "the keyword", required=True, choices=KEYWORDS),
        Option("value", "integer", "its X", required=True, min_value=1, max_value=20),
        NAME)))
    r.add(Command(("keyword", "tokens"), "Add or remove Generic tokens on Poisoned, Toxified or Panzer Parasite",
                  on_knight(lambda kid, o: ka.KeywordTokens(knight=kid, card=o["card"], change=o["change"])), (
        Option("card", "string", "the Condition card", required=True, choices=tuple(ka.CARD_NAMES)),
        Option("change", "integer", "tokens added (positive) or removed (negative)", required=True,
               min_value=-20, max_value=20),
        NAME)))
    r.add(Command(("keyword", "show"), "What keywords left on a Knight: tokens, Choke Limit, additional Vigor, Zeal",
                  show, (NAME,)))
