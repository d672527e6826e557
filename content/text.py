"""Text is text: what a content file, and a name a player gives, may hold.

- ``control_character``: YAML allows tab, line breaks and the printable characters only (YAML 1.1, 5.1); the first
  other character (the bell ``\\x07``, DEL, a C1 control, a lone surrogate) is found with its line and column, so a
  pack is refused as ``file:line`` instead of with the YAML reader's traceback.
- ``clean_name``: a name (a Knight's, a Squire's, a campaign's) is normalised to NFC, so ``é`` typed as one character
  or as ``e`` + a combining accent is one name, and refused when it holds a character that is invisible or turns
  the text around (zero-width spaces and joiners, the direction marks, embeddings, overrides and isolates, the
  byte-order mark, soft hyphen, control characters): two names that look the same are the same name.
"""

from __future__ import annotations

import re
import unicodedata

_NOT_PRINTABLE = re.compile("[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
# invisible or direction-changing characters (Unicode "Cf" format characters and the controls, "Cc"), by name
_INVISIBLE_CATEGORIES = {"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"}


def control_character(text: str) -> tuple[int, int, str] | None:
    """(line, column, character) of the first character YAML does not allow, or None."""
    found = _NOT_PRINTABLE.search(text)
    if found is None:
        return None
    start = found.start()
    line = text.count("\n", 0, start) + 1
    column = start - (text.rfind("\n", 0, start) + 1) + 1
    return line, column, found.group()


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a name (an invisible or direction-changing character), or None."""
    for char in name:
        if unicodedata.category(char) in _INVISIBLE_CATEGORIES:
            what = unicodedata.name(char, "").lower() or f"U+{ord(char):04X}"
            return (f"it holds an invisible or text-direction character (U+{ord(char):04X} {what}); "
                    "type the name with visible letters only")
    return None


def clean_name(name: str) -> str:
    """``name`` stripped and in NFC; ValueError (with the reason) when it holds an invisible character."""
    text = unicodedata.normalize("NFC", name.strip())
    problem = name_problem(text)
    if problem is not None:
        raise ValueError(problem)
    return text
