"""The words of the campaign's mode and of Five-Player Mode (rules/modes/mode_facts.py)."""

from __future__ import annotations

from bot.narration.registry import name, renders
from rules.modes import mode_facts as mf
from rules.modes.five_player import ACCURSED

LABEL = {"standard": "the standard rules (two to four Knights)", "true_solo": "True Solo Mode",
         "five_player": "Five-Player Mode"}
MORE = {"standard": "",
        "true_solo": (" Investigations without Clue cards (3 Clues of any type succeed, up to three per Expedition), "
                      "your Knight starts each Clash as the Priority Target and may equip up to three Gear cards at "
                      "Clash Setup; a random Knight is your Knight first, then random Squires."),
        "five_player": (" Up to five Knights; an Accursed Persistence BP card in every Clash; the fifth Knight is "
                        "placed adjacent to another at Clash Setup; with no Quest the Party Leader draws a Clue "
                        "token.")}
FORCED = ("Five-Player Mode: \"When the Accursed Persistence BP card is in play, you will be forced to resolve your "
          "Attacks against it. That means Heartseeker, Precise, and similar abilities do not affect the Accursed "
          "Persistence BP!\"")


@renders(mf.ModeSet)
def _mode(f: mf.ModeSet) -> str:
    return f"⚙️ This campaign now plays by {LABEL[f.mode]}.{MORE[f.mode]}"


@renders(mf.FiveAccursed)
def _accursed(f: mf.FiveAccursed) -> str:
    if f.where == "missing":
        return (f"Five-Player Mode: this Monster has no {ACCURSED} BP card in the loaded packs — add the physical card "
                f"to the Clash by hand. {FORCED}")
    if f.where == "waits":
        return f"Five-Player Mode: the Mob track is full; the {ACCURSED} BP card waits out of the Clash."
    if f.where == "mob_track":
        return (f"🩸 Five-Player Mode: the {ACCURSED} BP card joins the Mob track as Mob {f.space} (AT {f.at}); while "
                f"it is on the track every Attack must target it. {FORCED}")
    return (f"🩸 Five-Player Mode: the {ACCURSED} BP card is shuffled into the BP deck (AT {f.at}); once drawn it "
            f"stays in play, and every Attack resolves against it, until it is wounded. {FORCED}")


@renders(mf.FiveAccursedPersists)
def _persists(f: mf.FiveAccursedPersists) -> str:
    return (f"🩸 The {ACCURSED} BP card is still in play: it goes back on top of the BP deck and the next Attack "
            "resolves against it (Heartseeker, Precise and the like do not affect it).")


@renders(mf.FiveFifthPlaced)
def _fifth(f: mf.FiveFifthPlaced) -> str:
    place = f"`/clash place kind:knight name:\"{name(f.knight)}\" space:<space>`"
    if f.space is None:
        return f"Five-Player Mode: no free space is adjacent to a Knight; place {name(f.knight)} by hand with {place}."
    return (f"Five-Player Mode: {name(f.knight)}, the fifth Knight, is placed adjacent to another Knight on {f.space} "
            f"(move them to any other space adjacent to a Knight with {place}).")
