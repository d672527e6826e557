"""The Vision Phase: the Questing player (one at most), Favor of the Graal, the Party Leader, each Knight's
calling (Quest, Investigation or Free Roam, with the paragraphs to read), the Destination Kingdom.

The Story paragraphs are in the players' Knightbooks and Codices: the bot names which to read and records what
the players report (`/expedition note`), never their text."""

from __future__ import annotations

from rules.coverage import implements
from rules.engine import Engine
from rules.errors import RuleError
from rules.expedition.clue_cards import give_back
from rules.expedition.next_step import PhaseLacks
from rules.expedition.state import Choice, ExpeditionState, KnightVision
from rules.expedition.vision_facts import (
    CallingChosen,
    DestinationChosen,
    FavorOfTheGraal,
    ParagraphsToRead,
    PartyLeaderChosen,
    QuestGivenUp,
    QuestUndone,
)
from rules.facts import said
from rules.knights.find import find_knight
from rules.knights.sheet import unlocked_chapters
from rules.knights.state import KnightState
from rules.state import CampaignState

T = "tests/expedition/test_vision.py::"


def in_vision(exp: ExpeditionState) -> None:
    if exp.step != "vision":
        raise RuleError("the Vision Phase is over for this Expedition (the GM can go back with "
                        "`/expedition next phase:vision reason:\"...\"`)")


def knight(state: CampaignState, name: str) -> KnightState:
    return find_knight(state, name)


def questing(exp: ExpeditionState) -> str | None:
    return next((kid for kid, v in exp.visions.items() if v.choice == "quest"), None)


@implements("Vision Phase", tests=[T + "test_only_one_questing_knight", T + "test_one_sigh_of_the_graal_at_most",
                                  T + "test_the_questing_knight_is_the_party_leader",
                                  T + "test_vision_needs_every_knight_a_leader_and_a_kingdom"],
            status="assisted",
            note="the callings, Favor of the Graal, the Party Leader, the Clue cards (clue_cards.py) and the "
                 "Destination Kingdom are kept; the paragraphs are read from the books; Kingdom/Monster Setup are "
                 "the Delve's")
@implements("Quests, Investigations, and Free Roams: What Should I Choose?", status="assisted",
            tests=[T + "test_only_one_questing_knight", T + "test_the_questing_knight_is_the_party_leader",
                   T + "test_one_sigh_of_the_graal_at_most"],
            note="one Quest, the Questing Knight leads and gains a Sigh; marking Quests and Investigations is "
                 "/knight mark")
def choose(state: CampaignState, exp: ExpeditionState, k: KnightState, choice: Choice,
           investigation: int | None) -> list[str]:
    """Rulebook, "Vision Phase": "Questing Player: ... only one player can go on a Quest during a single
    Expedition!"; "Favor of the Graal: The Questing Knight gains a Sigh of the Graal ... Each Knight can only hold
    one Sigh of the Graal at a time."; "Party Leader: The Questing player becomes the Party Leader."."""
    in_vision(exp)
    chapter = unlocked_chapters(k)
    out: list[str] = []
    old = exp.visions.get(k.id)
    if choice == "quest":
        other = questing(exp)
        if other is not None and other != k.id:
            raise RuleError(f"{state.knights[other].name} is already on a Quest: only one Knight can go on a Quest "
                            "during a single Expedition; choose investigation or free_roam")
        if k.sheet.tale[chapter - 1].quest:
            raise RuleError(f"{k.name} has resolved the Quest of Chapter {chapter}: no other Quest until a new "
                            "Chapter is unlocked by resolving Investigations")
    if investigation is not None and choice != "investigation":
        raise RuleError("investigation: is the number of an Investigation; give it with choice:investigation only")
    if old is not None and old.choice == "quest" and choice != "quest":
        out += _unquest(state, exp, k)
    clue = old.clue if old is not None and choice != "quest" else None
    if old is not None and choice == "quest":
        give_back(exp, old)  # the Questing Knight holds no Clue card
    exp.visions[k.id] = KnightVision(choice=choice, chapter=chapter, investigation=investigation, clue=clue)
    out.append(said(CallingChosen(knight=k.name, choice=choice, chapter=chapter)))
    if choice == "quest":
        out.append(said(ParagraphsToRead(knight=k.name, calling="quest", chapter=chapter)))
        if old is None or old.choice != "quest":
            out += _favor_of_the_graal(exp, k)
        exp.party_leader = k.id
        out.append(said(PartyLeaderChosen(knight=k.name, tier=k.sheet.tier, questing=True)))
    elif choice == "investigation":
        out.append(said(ParagraphsToRead(knight=k.name, calling="investigation", chapter=chapter,
                                         investigation=investigation)))
    return out


def _favor_of_the_graal(exp: ExpeditionState, k: KnightState) -> list[str]:
    """Rulebook, "Vision Phase": "Favor of the Graal: The Questing Knight gains a Sigh of the Graal and mark it down
    on their Knight Sheet (see p. 16). Each Knight can only hold one Sigh of the Graal at a time."."""
    if k.sheet.sigh_of_the_graal:
        return [said(FavorOfTheGraal(knight=k.name, gained=False))]
    k.sheet.sigh_of_the_graal = True
    exp.sigh_granted = k.id
    return [said(FavorOfTheGraal(knight=k.name, gained=True))]


def _unquest(state: CampaignState, exp: ExpeditionState, k: KnightState) -> list[str]:
    """A Knight who gives up the Quest before the Vision Phase ends: the Sigh gained by it is taken back and the
    Party Leader must be chosen again."""
    out = [said(QuestGivenUp(knight=k.name))]
    if exp.sigh_granted == k.id:
        k.sheet.sigh_of_the_graal = False
        exp.sigh_granted = None
        out.append(said(QuestUndone(what="sigh")))
    if exp.party_leader == k.id:
        exp.party_leader = None
        out.append(said(QuestUndone(what="leader")))
    return out


def set_leader(state: CampaignState, exp: ExpeditionState, k: KnightState) -> list[str]:
    """Rulebook, "Vision Phase": "Party Leader: The Questing player becomes the Party Leader. If nobody is going on a
    Quest, players decide who will become the Party Leader for this Expedition."."""
    in_vision(exp)
    quester = questing(exp)
    if quester is not None and quester != k.id:
        raise RuleError(f"{state.knights[quester].name} is on a Quest: the Questing Knight must be the Party Leader")
    if k.dead:
        raise RuleError(f"{k.name} is dead and cannot lead the party")
    exp.party_leader = k.id
    return [said(PartyLeaderChosen(knight=k.name, tier=k.sheet.tier))]


def set_destination(engine: Engine, exp: ExpeditionState, kingdom: str) -> list[str]:
    """Rulebook, "Vision Phase": "Destination Kingdom: The Party Leader determines which Kingdom you are delving
    into."."""
    in_vision(exp)
    found = engine.catalogue.kingdoms.get(kingdom)
    if found is None:
        known = ", ".join(sorted(engine.catalogue.kingdoms)) or "none loaded"
        raise RuleError(f"there is no Kingdom {kingdom!r}; the Kingdoms are: {known}")
    exp.destination = found.id
    return [said(DestinationChosen(kingdom=found.name))]


def vision_missing(engine: Engine, state: CampaignState, exp: ExpeditionState) -> list[PhaseLacks]:
    lacking = []
    living = [k for k in state.knights.values() if not k.dead]
    if not living:
        lacking.append(PhaseLacks(what="no_knight"))
    undecided = [k.name for k in living if k.id not in exp.visions]
    if undecided:
        lacking.append(PhaseLacks(what="callings", knights=undecided))
    if exp.party_leader is None:
        lacking.append(PhaseLacks(what="party_leader"))
    if exp.destination is None:
        lacking.append(PhaseLacks(what="destination"))
    return lacking
