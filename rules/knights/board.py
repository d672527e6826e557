"""The Knight Board: the Portrait, Heroic Arc, Peril Arc and Talent chosen among those unlocked, and the
Techniques up to the Hand Limit (rulebook "Knight Board", "Knight Loadouts")."""

from __future__ import annotations

from content.loader import Catalogue
from content.schema.knights import Knight
from rules.coverage import implements
from rules.errors import RuleError
from rules.facts import said
from rules.knights import statistics as st
from rules.knights.board_facts import PartChosen, PartUnlocked, ResourceChanged, TechniquesChosen
from rules.knights.state import Board, KnightState

T = "tests/knights/test_board.py::"
PARTS = ("portraits", "heroic_arcs", "peril_arcs", "talents", "techniques")


def start_board(knight: Knight) -> Board:
    s = knight.start
    return Board(
        portrait=s.portraits[0], heroic_arc=s.heroic_arcs[0], peril_arc=s.peril_arcs[0], talent=s.talents[0],
        techniques={t: "hand" for t in s.techniques},
        resources={r.id: 0 for r in knight.resources},
    )


def part_of(knight: Knight, item: str) -> str | None:
    """Which part list of the Knight holds ``item``."""
    for field in PARTS:
        if any(p.id == item for p in getattr(knight, field)):
            return field
    return None


def mutable(k: KnightState, what: str) -> None:
    if k.locked:
        raise RuleError(
            f"{k.name} is on an Expedition: the {what} cannot change until the Spoils Phase "
            "(rulebook: \"You may freely rearrange your Knight Board at any time outside of the Delve, Rest, and "
            "Clash Phases\"; end it with /knight expedition step:spoils)"
        )


@implements("Knight Progression", status="assisted", tests=[T + "test_only_unlocked_parts_can_be_chosen"])
def unlock(cat: Catalogue, k: KnightState, item: str) -> list[str]:
    """Rulebook, "Knight Progression": "you will be gaining new Classes, Talents, Techniques and Gear ... as
    Quest and Investigation rewards"."""
    knight = st.content(cat, k)
    field = part_of(knight, item)
    if field is None:
        known = ", ".join(p.id for f in PARTS for p in getattr(knight, f))
        raise RuleError(f"{knight.name} has no part {item!r}; their parts are: {known}")
    ids: list[str] = getattr(k.unlocked, field)
    if item in ids:
        return [said(PartUnlocked(part=field, item=item, already=True))]
    ids.append(item)
    return [said(PartUnlocked(part=field, item=item))]


@implements("Knight Board", tests=[T + "test_only_unlocked_parts_can_be_chosen",
                                   T + "test_techniques_up_to_the_hand_limit"])
def choose(
    cat: Catalogue, k: KnightState, portrait: str | None, heroic_arc: str | None, peril_arc: str | None,
    talent: str | None, techniques: list[str] | None,
) -> list[str]:
    """Rulebook, "Knight Loadouts": "prepare your Knight's Portrait cards, Heroic Arcs, Peril Arcs (see p. 18),
    and all the Talents you've unlocked up to this point and choose one of each (you may mix and match)" and
    "choose a number of Technique cards (from those you've unlocked), up to your Knight's Hand Limit"."""
    mutable(k, "Knight Board")
    out: list[str] = []
    for field, value in (("portraits", portrait), ("heroic_arcs", heroic_arc), ("peril_arcs", peril_arc),
                         ("talents", talent)):
        if value is None:
            continue
        if value not in getattr(k.unlocked, field):
            raise RuleError(f"{value!r} is not an unlocked {field.rstrip('s').replace('_', ' ')} of {k.name}; "
                            f"unlocked: {', '.join(getattr(k.unlocked, field))}")
        setattr(k.board, field.rstrip("s"), value)
        out.append(said(PartChosen(part=field, value=value)))
    if techniques is not None:
        locked = [t for t in techniques if t not in k.unlocked.techniques]
        if locked:
            raise RuleError(f"{', '.join(locked)} not unlocked; unlocked Techniques: "
                            f"{', '.join(k.unlocked.techniques)}")
        if len(set(techniques)) != len(techniques):
            raise RuleError("a Technique is named twice; each card is one card")
        k.board.techniques = {t: "hand" for t in techniques}
        out.append(said(TechniquesChosen(techniques=techniques)))
    limit = st.portrait(cat, k).hand_limit
    if len(k.board.techniques) > limit:
        raise RuleError(f"{len(k.board.techniques)} Techniques are more than the Hand Limit {limit} of the "
                        "chosen Portrait; choose fewer with techniques:a,b,...")
    out += st.clamp_vigor(cat, k)
    if not out:
        raise RuleError("choose something: portrait:, heroic_arc:, peril_arc:, talent: or techniques:")
    return out


@implements("Resource Tokens", tests=[
    "tests/knights/test_board.py::test_resource_tokens_are_counted_on_the_board_and_never_below_zero",
])
def change_resource(knight: Knight, k: KnightState, token: str, change: int) -> list[str]:
    """Rulebook, "Resource Tokens": they "fuel a Knight's special abilities" and "are not limited"; a
    Knight cannot spend tokens they do not have."""
    names = {r.id: r.name for r in knight.resources}
    if token not in names:
        known = ", ".join(names) or "none"
        raise RuleError(f"{k.name} has no Resource token {token!r}; theirs are: {known}")
    have = k.board.resources.get(token, 0)
    if have + change < 0:
        raise RuleError(f"{k.name} has {have} {names[token]} token(s); they cannot spend {-change}")
    k.board.resources[token] = have + change
    return [said(ResourceChanged(token=names[token], old=have, new=have + change))]
