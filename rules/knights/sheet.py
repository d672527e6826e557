"""The Knight Sheet: Virtues and Vices, Your Tale (Quests, Investigations, Chapters), Leads, the Choice
Matrix, First Death, Sigh of the Graal, Rapport, Gold and the free-text sections."""

from __future__ import annotations

from typing import Literal

from content.schema.gear import TIERS, Tier
from content.schema.knights import Virtue
from rules.coverage import implements
from rules.errors import RuleError
from rules.facts import said
from rules.knights import record_facts as rf
from rules.knights.sheet_facts import (
    ChoiceNodeMarked,
    InvestigationSucceeded,
    RapportGained,
    SheetCount,
    SighMarked,
    ViceChanged,
    VirtueChanged,
)
from rules.knights.state import CHAPTERS, INVESTIGATIONS, VICE_VIRTUE, KnightState, Rapport, Vice, VirtueBonus

T = "tests/knights/test_sheet.py::"
LEADS_FOR_A_SUCCESS = 5
NoteKind = Literal["note", "boon", "affliction", "saint", "mercenary"]


def virtue(k: KnightState, name: Virtue) -> int:
    """A Virtue's value: bonuses from any source. Vices are penalties of their own (see ``vice_effects``)."""
    return k.sheet.virtue(name)


@implements("Virtues", tests=[T + "test_virtue_bonuses_add_up_by_source"])
def add_virtue(k: KnightState, name: Virtue, amount: int, source: str) -> list[str]:
    """Rulebook, "Virtues": "add +X to the result, where X is the value of this Virtue on your Knight
    Sheet"."""
    if amount == 0:
        raise RuleError("change: must not be 0 (e.g. change:1 for +1 Bravery)")
    old = virtue(k, name)
    k.sheet.virtues.append(VirtueBonus(virtue=name, amount=amount, source=source or "unspecified"))
    return [said(VirtueChanged(virtue=name, old=old, new=virtue(k, name), amount=amount,
                               source=source or "unspecified"))]


def change_vice(k: KnightState, vice: Vice, change: int) -> list[str]:
    """Rulebook, "Vices": "When you gain a Vice, note the number of tally marks equal to the value of the
    Vice ... When you succeed at a test of your Vice's connected Virtue, erase one of its tally marks."""
    old = k.sheet.vices.get(vice, 0)
    new = max(0, old + change)
    if new:
        k.sheet.vices[vice] = new
    else:
        k.sheet.vices.pop(vice, None)
    return [said(ViceChanged(knight=k.name, vice=vice, virtue=VICE_VIRTUE[vice], old=old, new=new))]


def unlocked_chapters(k: KnightState) -> int:
    """Rulebook, "Your Tale": "The campaign is divided into five Chapters, each consisting of one Quest and
    three Investigations." The next Chapter opens once a Chapter's Quest and three Investigations are
    resolved (see docs/rulings.md, "A Chapter unlocks after its Quest and three Investigations")."""
    count = 1
    for chapter in k.sheet.tale[: CHAPTERS - 1]:
        if chapter.quest and sum(i.resolved for i in chapter.investigations) >= 3:
            count += 1
        else:
            break
    return count


def _chapter(k: KnightState, chapter: int) -> None:
    if not 1 <= chapter <= CHAPTERS:
        raise RuleError(f"chapter: must be 1 to {CHAPTERS}")
    opened = unlocked_chapters(k)
    if chapter > opened:
        raise RuleError(
            f"Chapter {chapter} is not unlocked yet: Chapter {opened} needs its Quest and three "
            "Investigations resolved first"
        )


@implements("Your Tale", tests=[T + "test_a_chapter_does_not_unlock_with_two_investigations"])
def mark_tale(
    k: KnightState, what: Literal["quest", "investigation", "success"], chapter: int, number: int | None,
    leads: bool = False,
) -> list[str]:
    """Rulebook, "Your Tale": "Once you resolve a Quest or Investigation, you will mark its right box on the
    Knight Sheet. Investigations have an additional box on the Knight Sheet. Mark it only if you succeeded"."""
    _chapter(k, chapter)
    before = unlocked_chapters(k)
    ch = k.sheet.tale[chapter - 1]
    out: list[str] = []
    if what == "quest":
        if ch.quest:
            return [said(rf.KnightTale(chapter=chapter, marked=False))]
        ch.quest = True
        out.append(said(rf.KnightTale(chapter=chapter)))
    else:
        if number is None or not 1 <= number <= INVESTIGATIONS:
            raise RuleError(f"number: must be 1 to {INVESTIGATIONS} (which Investigation of the Chapter)")
        inv = ch.investigations[number - 1]
        if leads:
            out += _spend_leads(k, chapter)
            inv.resolved = inv.success = True
            out.append(said(rf.KnightTale(chapter=chapter, number=number, leads=True)))
        elif what == "success":
            inv.resolved = inv.success = True
            out.append(said(InvestigationSucceeded(chapter=chapter, number=number)))
        else:
            if inv.resolved:
                return [said(rf.KnightTale(chapter=chapter, number=number, marked=False))]
            inv.resolved = True
            out.append(said(rf.KnightTale(chapter=chapter, number=number)))
    after = unlocked_chapters(k)
    if after > before:
        tier = TIERS[min(after - 1, len(TIERS) - 1)]
        out.append(said(rf.KnightChapterUnlocked(chapter=after, tier=tier)))
    return out


@implements("Leads", tests=[T + "test_five_leads_succeed_an_investigation_of_the_current_or_previous_chapter"])
def _spend_leads(k: KnightState, chapter: int) -> list[str]:
    """Rulebook, "Leads": "You can spend 5 Leads to automatically succeed on a chosen Investigation from your
    current or previous Chapter, whether you played through it or not."""
    current = unlocked_chapters(k)
    if chapter not in (current, current - 1):
        raise RuleError(f"Leads can only succeed an Investigation of the current Chapter ({current}) or the "
                        "previous one")
    if k.sheet.leads < LEADS_FOR_A_SUCCESS:
        raise RuleError(f"{k.name} has {k.sheet.leads} Leads; {LEADS_FOR_A_SUCCESS} are needed")
    k.sheet.leads -= LEADS_FOR_A_SUCCESS
    return [said(rf.KnightLeadsSpent(spent=LEADS_FOR_A_SUCCESS, left=k.sheet.leads))]


def successful_investigations(k: KnightState) -> list[str]:
    """Rulebook, "Successful Investigations": "mark the Investigations you've managed to successfully
    complete" — read off the Tale's success boxes, as "chapter.number"."""
    return [f"{c + 1}.{i + 1}" for c, ch in enumerate(k.sheet.tale) for i, inv in enumerate(ch.investigations)
            if inv.success]


@implements("Knight's Choice Matrix", tests=[T + "test_marking_a_choice_matrix_node_twice_changes_nothing",
                                             T + "test_crossing_out_a_node_reverses_it"])
def mark_choice(k: KnightState, node: str, cross: bool = False) -> list[str]:
    """Rulebook: "You cannot mark a box twice. If a box is already marked when the game instructs you to mark
    it, ignore this instruction. On very rare occasions, a game element will tell you to "cross out" or
    "erase" a Choice Matrix node. In that case, erase it or encircle it, to note that the choice has been
    reversed."""
    node = node.strip().upper()
    if not node or len(node) > 12:
        raise RuleError("node: give the Choice Matrix node as printed, e.g. node:01")
    now = k.sheet.choice_matrix.get(node)
    if cross:
        if now == "crossed":
            return [said(rf.KnightChoiceKept(node=node, now=now, cross=True))]
        k.sheet.choice_matrix[node] = "crossed"
        return [said(ChoiceNodeMarked(node=node, crossed=True))]
    if now is not None:
        return [said(rf.KnightChoiceKept(node=node, now=now, cross=False))]
    k.sheet.choice_matrix[node] = "marked"
    return [said(ChoiceNodeMarked(node=node))]


def is_marked(k: KnightState, node: str) -> bool:
    return k.sheet.choice_matrix.get(node.strip().upper()) == "marked"


@implements("First Death", tests=[T + "test_first_death_and_sigh_boxes"])
def mark_first_death(k: KnightState) -> list[str]:
    if k.sheet.first_death:
        return [said(rf.KnightFirstDeath(already=True))]
    k.sheet.first_death = True
    return [said(rf.KnightFirstDeath())]


@implements("Sigh of the Graal (Knight Sheet)", tests=[T + "test_first_death_and_sigh_boxes"])
def set_sigh(k: KnightState, have: bool) -> list[str]:
    """Rulebook: "Here you will mark if you have a Sighs of the Graal" — one box: at most one."""
    if have and k.sheet.sigh_of_the_graal:
        raise RuleError(f"{k.name} already has a Sigh of the Graal marked; the sheet holds one")
    if not have and not k.sheet.sigh_of_the_graal:
        raise RuleError(f"{k.name} has no Sigh of the Graal to erase")
    k.sheet.sigh_of_the_graal = have
    return [said(SighMarked(have=have))]


def change_gold(k: KnightState, change: int) -> list[str]:
    """Rulebook, "Gold": the universal currency; a Knight cannot pay Gold they do not have."""
    if k.sheet.gold + change < 0:
        raise RuleError(f"{k.name} has {k.sheet.gold} Gold; they cannot pay {-change}")
    old = k.sheet.gold
    k.sheet.gold += change
    return [said(SheetCount(what="gold", old=old, new=k.sheet.gold))]


def change_leads(k: KnightState, change: int) -> list[str]:
    if k.sheet.leads + change < 0:
        raise RuleError(f"{k.name} has {k.sheet.leads} Leads")
    old = k.sheet.leads
    k.sheet.leads += change
    return [said(SheetCount(what="leads", old=old, new=k.sheet.leads))]


def change_tier(k: KnightState, tier: Tier) -> list[str]:
    old = k.sheet.tier
    k.sheet.tier = tier
    return [said(SheetCount(what="tier", old=old, new=tier))]


@implements("Afflictions and Boons",
            tests=["tests/knights/test_afflictions.py::test_afflictions_and_boons_are_noted_and_kept"])
def note(k: KnightState, kind: NoteKind, text: str, remove: bool) -> list[str]:
    """Boons, Afflictions and notes ("Boons, Tally Marks, and Notes"), unlocked Saints and Mercenaries."""
    field = {"note": "notes", "boon": "boons", "affliction": "afflictions", "saint": "saints",
             "mercenary": "mercenaries"}[kind]
    items: list[str] = getattr(k.sheet, field)
    text = text.strip()
    if remove:
        match = next((t for t in items if t.lower() == text.lower()), None)
        if match is None:
            raise RuleError(f"{k.name} has no {kind} {text!r}; they have: {', '.join(items) or 'none'}")
        items.remove(match)
        return [said(rf.KnightNoted(kind=kind, text=match, op="removed"))]
    if kind in ("saint", "mercenary") and any(t.lower() == text.lower() for t in items):
        return [said(rf.KnightNoted(kind=kind, text=text, op="already"))]
    if len(items) >= 60:
        raise RuleError(f"the {field} section is full (60 entries); remove one first")
    items.append(text)
    return [said(rf.KnightNoted(kind=kind, text=text, op="noted"))]


def tally(k: KnightState, name: str, change: int) -> list[str]:
    name = name.strip()
    old = k.sheet.tallies.get(name, 0)
    new = max(0, old + change)
    if new:
        k.sheet.tallies[name] = new
    else:
        k.sheet.tallies.pop(name, None)
    return [said(SheetCount(what="tally", old=old, new=new, tally=name))]


@implements("Rapport", chapter="Other Rules", tests=[T + "test_rapport_third_heart_gives_the_boon"])
def gain_rapport(k: KnightState, other: str, boon: str) -> list[str]:
    """Rulebook, "Rapport": "Each Rapport track has three heart spaces. ... Once you reach 3 Rapport with a
    Knight, you gain their Rapport Boon"."""
    track = next((r for r in k.sheet.rapport if r.knight.lower() == other.lower()), None)
    if track is None:
        track = Rapport(knight=other)
        k.sheet.rapport.append(track)
    if track.hearts >= 3:
        return [said(rf.KnightRapport(knight=track.knight))]
    if track.hearts == 2 and not boon:
        raise RuleError(f"the third heart gives {track.knight}'s Rapport Boon: give it with boon:\"...\" "
                        "(it is in their Knightbook)")
    track.hearts += 1
    out = [said(RapportGained(knight=track.knight, hearts=track.hearts))]
    if track.hearts == 3:
        track.boon = boon
        out.append(said(rf.KnightRapport(knight=track.knight, boon=boon)))
    return out

