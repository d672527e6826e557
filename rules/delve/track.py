"""The Kingdom track: Threat, Curse and Time, their maximums, the Hunt Spaces, the Threat 7 spawn,
the Curse 9 paragraph, and the Expedition losses the track causes.

Every function takes the track and the Delve flags and returns new ones with the sentences to show;
nothing is changed in place.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from content.schema.kingdom import HuntSpace, TrackSpec
from rules.coverage import implements
from rules.delve import track_facts as tf
from rules.delve.state import DelveState
from rules.facts import said
from rules.state import KingdomTrack

THREAT_SPAWN = 7  # "when you raise your Threat to 7 or above for the first time during the current Expedition"
CURSE_PARAGRAPH_AT = 9  # "If you reach 9 Curse for the first time during an Expedition, proceed to that paragraph"
EXHIBITION_TIME = 8
FULL_CLASH_TIME = 16


@dataclass
class TrackChange:
    track: KingdomTrack
    delve: DelveState
    hunts: list[HuntSpace] = field(default_factory=list)
    spawn: bool = False
    curse_paragraph: int | None = None
    time_reached: list[int] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)


def lose_expedition(change: TrackChange, reason: str) -> None:
    if not change.track.lost:
        change.track = change.track.model_copy(update={"lost": True})
        change.delve = change.delve.model_copy(update={"lost_reason": reason})
        change.texts.append(said(tf.ExpeditionLost(reason=reason)))


@implements(
    "Kingdom Track",
    tests=[
        "tests/delve/test_track.py::test_threat_past_the_maximum_loses_the_expedition",
        "tests/delve/test_track.py::test_curse_past_the_maximum_loses_and_9_prompts_the_paragraph_once",
        "tests/delve/test_track.py::test_losing_threat_stops_at_zero",
    ],
)
def change_threat(track: KingdomTrack, delve: DelveState, spec: TrackSpec, amount: int) -> TrackChange:
    """Gain (``amount`` > 0) or lose Threat one space at a time: each Hunt Space the marker is moved
    onto triggers (docs/rulings.md), gaining past the maximum loses the Expedition, and the first
    rise to 7 or above spawns an Encounter Monster."""
    change = TrackChange(track=track, delve=delve)
    step = 1 if amount > 0 else -1
    threat = track.threat
    for _ in range(abs(amount)):
        if step > 0 and threat + 1 > spec.threat_max:
            lose_expedition(change, f"Threat would exceed its maximum of {spec.threat_max}")
            break
        if step < 0 and threat == 0:
            break
        threat += step
        hunt = next((h for h in spec.hunt_spaces if h.threat == threat), None)
        if hunt is not None:
            change.hunts.append(hunt)
    change.track = change.track.model_copy(update={"threat": threat})
    if amount:
        change.texts.insert(0, said(tf.TrackMoved(track="threat", amount=amount, value=threat, most=spec.threat_max)))
    for hunt in change.hunts:
        change.texts.append(said(tf.HuntSpaceReached(threat=hunt.threat, moves=hunt.moves)))
    if change.hunts:  # moved by rules/delve/monsters.py (step d of the Kingdom Tile step, or at once)
        due = [*change.delve.hunts_due, *(h.moves for h in change.hunts)]
        change.delve = change.delve.model_copy(update={"hunts_due": due})
    if amount > 0 and threat >= THREAT_SPAWN and not delve.threat_seven_spawned:
        change.spawn = True
        change.delve = change.delve.model_copy(update={"threat_seven_spawned": True, "spawn_due": True})
        change.texts.append(said(tf.ThreatSpawn(threat=threat)))
    return change


def change_curse(track: KingdomTrack, delve: DelveState, spec: TrackSpec, amount: int) -> TrackChange:
    """Gain or lose Curse; past the maximum loses the Expedition; reaching 9 the first time points to
    the paragraph printed on the track."""
    change = TrackChange(track=track, delve=delve)
    curse = max(0, track.curse + amount)
    if curse > spec.curse_max:
        curse = spec.curse_max
        lose_expedition(change, f"Curse would exceed its maximum of {spec.curse_max}")
    change.track = change.track.model_copy(update={"curse": curse})
    if amount:
        change.texts.insert(0, said(tf.TrackMoved(track="curse", amount=amount, value=curse, most=spec.curse_max)))
    if track.curse < CURSE_PARAGRAPH_AT <= curse and not delve.curse_paragraph_read:
        change.delve = change.delve.model_copy(update={"curse_paragraph_read": True})
        change.curse_paragraph = spec.curse_paragraph
        change.texts.append(said(tf.CurseParagraph(paragraph=spec.curse_paragraph)))
    return change


def advance_time(track: KingdomTrack, delve: DelveState, spec: TrackSpec, amount: int) -> TrackChange:
    """Advance (or, by an effect, lose) Time; it stops at the track's last space (docs/rulings.md).
    Reaching 8 or 16 is recorded for the Story step."""
    change = TrackChange(track=track, delve=delve)
    time = min(spec.time, max(0, track.time + amount))
    change.time_reached = [t for t in (EXHIBITION_TIME, FULL_CLASH_TIME) if track.time < t <= time]
    change.track = track.model_copy(update={"time": time})
    if amount:
        change.texts.append(said(tf.TrackMoved(track="time", amount=amount, value=time, most=spec.time)))
    return change


def apply_all(
    track: KingdomTrack, delve: DelveState, spec: TrackSpec, *, time: int = 0, threat: int = 0, curse: int = 0
) -> TrackChange:
    """Time, then Threat, then Curse (the order of the symbols on a tile back), merged. A Threat gain gets the
    extra Threat of the Exploration cards in play that say so (``threat_extra``)."""
    total = TrackChange(track=track, delve=delve)
    extra = threat_extra(delve) if threat > 0 else 0
    if extra:
        threat += extra
        total.texts.append(said(tf.ThreatExtra(extra=extra)))
    for fn, amount in ((advance_time, time), (change_threat, threat), (change_curse, curse)):
        if not amount:
            continue
        part = fn(total.track, total.delve, spec, amount)
        lost_before = total.track.lost
        total.track, total.delve = part.track, part.delve
        if lost_before:  # a loss already happened: keep the first reason
            total.track = total.track.model_copy(update={"lost": True})
        total.hunts += part.hunts
        total.spawn = total.spawn or part.spawn
        total.curse_paragraph = total.curse_paragraph or part.curse_paragraph
        total.time_reached += part.time_reached
        total.texts += part.texts
    return total


def threat_extra(delve: DelveState) -> int:
    """"whenever you gain Threat, gain 1 more": the cards in play now (an Active card counted in rounds only in its
    rounds)."""
    total = 0
    for card, amount in delve.threat_extra.items():
        window = delve.card_rounds.get(card)
        if window is None or window[0] <= delve.round <= window[1]:
            total += amount
    return total


@implements(
    "4. Story Step",
    status="assisted",
    tests=["tests/delve/test_commands.py::test_time_8_prompts_the_exhibition_clash"],
    note="without a Quest the bot prompts the Exhibition Clash at Time 8 and the Full Clash at Time 16",
)
def story_prompts(time_reached: list[int]) -> list[str]:
    texts = []
    if EXHIBITION_TIME in time_reached:
        texts.append(said(tf.StoryPrompt(time=8)))
    if FULL_CLASH_TIME in time_reached:
        texts.append(said(tf.StoryPrompt(time=16)))
    return texts
