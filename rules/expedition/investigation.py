"""The end of Investigations and Free Roams: success when the Clue card's Clues are collected, Leads (the excess on
a success, half the Clues rounded down on a failure), 5 Leads buying an Investigation's success, and the cold lead a
Free Roaming Knight may pick up. The bot names the Knightbook paragraph to read; the text stays in the book.
See docs/expedition.md, "Clue cards and Leads"."""

from __future__ import annotations

from typing import Literal

from rules.coverage import implements
from rules.errors import RuleError
from rules.expedition import clue_facts as cf
from rules.expedition.clue_cards import progress
from rules.expedition.state import ClueObjective, ExpeditionState, KnightVision
from rules.facts import said
from rules.knights.sheet import LEADS_FOR_A_SUCCESS, mark_tale, unlocked_chapters
from rules.knights.state import KnightState
from rules.state import CampaignState

T = "tests/expedition/test_clues_leads.py::"
Outcome = Literal["success", "failure"]


def clues_met(obj: ClueObjective) -> bool:
    """Both numbers of the Clue card reached: the Primary Clues and the Secondary Clues."""
    secondary = obj.collected.get(obj.secondary, 0) if obj.secondary is not None else 0
    return obj.collected.get(obj.primary, 0) >= obj.needed and secondary >= obj.secondary_needed


def clues_total(obj: ClueObjective) -> int:
    return sum(obj.collected.values())


@implements("Leads", tests=[T + "test_a_success_notes_the_excess_clues_as_leads",
                            T + "test_a_failure_notes_half_the_clues_rounded_down",
                            T + "test_five_leads_buy_the_success_of_a_failed_investigation"])
def leads_for(obj: ClueObjective, success: bool) -> int:
    """Rulebook, "Leads": "At the end of an Investigation, if you succeeded and collected more Clues than needed, note
    the excess amount on your Knight Sheet in the "Leads" section. If you failed, note half the amount of collected
    Clues (rounded down) as Leads." The Secondary token counts as a collected Clue (the rulebook: "it already counts
    as a gained Clue token")."""
    if success:
        return max(0, clues_total(obj) - obj.needed - obj.secondary_needed)
    return clues_total(obj) // 2


def _number(vision: KnightVision) -> int | None:
    return vision.investigation if vision.choice == "investigation" else vision.cold_lead


@implements("Quests, Investigations, and Free Roams: What Should I Choose?", status="assisted",
            tests=[T + "test_a_success_notes_the_excess_clues_as_leads",
                   T + "test_a_failure_notes_half_the_clues_rounded_down",
                   T + "test_a_free_roam_succeeds_with_its_clues_and_a_cold_lead_needs_a_failed_investigation"],
            note="the outcome comes from the Clue card, or as the players report it from the paragraph; the bot "
                 "marks the Knight Sheet, notes the Leads and names the paragraph to read")
def resolve(state: CampaignState, exp: ExpeditionState, k: KnightState, investigation: int | None,
            reported: Outcome | None) -> list[str]:
    """Rulebook, "Quests, Investigations, and Free Roams": "When you resolve an Investigation, mark both of its boxes
    on your Knight Sheet if you succeeded and only the right box, if you didn't." The Investigation (or Free Roam)
    succeeds when the Clue card's Clues are collected, unless the players report the paragraph's own outcome."""
    if exp.step != "spoils":
        raise RuleError("Investigations and Free Roams are resolved at the end of the Expedition, in the Spoils Phase "
                        f"(the party is in {exp.step}); a Knight may pick up a cold lead before that")
    vision = exp.visions.get(k.id)
    if vision is None or vision.choice == "quest":
        raise RuleError(f"{k.name} is not on an Investigation or a Free Roam this Expedition (a Quest is marked with "
                        "`/knight mark what:quest chapter:<N>`)")
    if vision.outcome is not None or vision.free_roam_success is not None:
        raise RuleError(f"{k.name}'s {_what(vision)} is resolved already (the GM can take it back with /gm undo)")
    if investigation is not None:
        if vision.choice != "investigation":
            raise RuleError("investigation: names the Investigation of an Investigating Knight; a Free Roamer picks "
                            "up a cold lead with `/expedition roam`")
        vision.investigation = investigation
    number = _number(vision)
    if number is None and vision.choice == "investigation":
        raise RuleError(f"which Investigation of Chapter {vision.chapter} did {k.name} undertake? "
                        "Give investigation:<number>")
    obj = vision.clue
    if reported is not None:
        success = reported == "success"
    elif obj is not None:
        success = clues_met(obj)
    else:
        raise RuleError(f"{k.name} holds no Clue card the bot knows: say how it ended with outcome:success|failure")
    ended = cf.InvestigationResolved(knight=k.name, success=success, progress=progress(obj) if obj is not None
                                     else None, reported=reported)
    out: list[str] = []
    if vision.choice == "free_roam":
        vision.free_roam_success = success
        out.append(said(ended))
    if number is not None:
        vision.outcome = "success" if success else "failure"
        out += mark_tale(k, "success" if success else "investigation", vision.chapter, number)
        leads = leads_for(obj, success) if obj is not None else 0
        vision.leads_gained = leads
        k.sheet.leads += leads
        out.append(said(ended.model_copy(update={"chapter": vision.chapter, "number": number})))
        out.append(said(cf.LeadsNoted(knight=k.name, leads=leads, success=success, total=k.sheet.leads)))
        if not success and k.sheet.leads >= LEADS_FOR_A_SUCCESS:
            out.append(said(cf.LeadsMaySpend(knight=k.name, leads=LEADS_FOR_A_SUCCESS, chapter=vision.chapter,
                                             number=number)))
    return out


def _what(vision: KnightVision) -> str:
    return "Investigation" if vision.choice == "investigation" else "Free Roam"


def _failed_any(k: KnightState) -> bool:
    return any(i.resolved and not i.success for ch in k.sheet.tale for i in ch.investigations)


@implements("Quests, Investigations, and Free Roams: What Should I Choose?", status="assisted",
            tests=[T + "test_a_free_roam_succeeds_with_its_clues_and_a_cold_lead_needs_a_failed_investigation"],
            note="a cold lead: an additional Investigation during a Free Roam, after a failed one")
def cold_lead(state: CampaignState, exp: ExpeditionState, k: KnightState, number: int) -> list[str]:
    """Rulebook, "Free Roams": "If you failed any Investigations, you may undertake an additional Investigation during
    a Free Roam."; "You can repeat a failed Investigation or start one you have not yet attempted, as long as it's
    from the same Chapter you are currently playing through."."""
    vision = exp.visions.get(k.id)
    if vision is None or vision.choice != "free_roam":
        raise RuleError(f"{k.name} is not Free Roaming: only a Free Roaming Knight picks up a cold lead")
    if exp.step in ("spoils", "over") or vision.free_roam_success is not None:
        raise RuleError("the Free Roam is over: a cold lead is picked up during the Expedition")
    if vision.cold_lead is not None:
        raise RuleError(f"{k.name} follows the cold lead of Investigation {vision.chapter}.{vision.cold_lead} already")
    if not _failed_any(k):
        raise RuleError(f"{k.name} has failed no Investigation: a cold lead is for a Knight whose Investigation "
                        "failed (only its right box marked)")
    chapter = unlocked_chapters(k)
    inv = k.sheet.tale[chapter - 1].investigations[number - 1]
    if inv.success:
        raise RuleError(f"Investigation {chapter}.{number} is already a success; repeat a failed one or start one "
                        f"not yet attempted from Chapter {chapter}")
    vision.cold_lead = number
    vision.chapter = chapter
    return [said(cf.ColdLeadTaken(knight=k.name, chapter=chapter, number=number, repeats=inv.resolved))]


def spend_leads(state: CampaignState, exp: ExpeditionState | None, k: KnightState, chapter: int,
                number: int) -> list[str]:
    """Rulebook, "Leads": "You can spend 5 Leads to automatically succeed on a chosen Investigation from your current
    or previous Chapter, whether you played through it or not. ... Read both of its paragraphs, mark any unmarked box,
    and gain its reward"."""
    if not 1 <= chapter <= len(k.sheet.tale):
        raise RuleError(f"chapter: must be 1 to {len(k.sheet.tale)}")
    if k.sheet.tale[chapter - 1].investigations[number - 1].success:
        raise RuleError(f"Investigation {chapter}.{number} is a success already: both of its boxes are marked")
    out = mark_tale(k, "success", chapter, number, leads=True)
    vision = exp.visions.get(k.id) if exp is not None else None
    if vision is not None and vision.chapter == chapter and _number(vision) == number and vision.outcome == "failure":
        vision.outcome = "success"
    out.append(said(cf.BothParagraphsToRead(knight=k.name, chapter=chapter, number=number)))
    return out
