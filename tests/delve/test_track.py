"""The Kingdom track: Threat and Curse maximums, Hunt Spaces, the Threat 7 spawn, the Curse 9 paragraph."""

from __future__ import annotations

from rules.delve import track as tr
from rules.delve.state import DelveState
from rules.state import KingdomTrack
from tests.delve._support import SPEC, told

DELVE = DelveState(kingdom="aubrevane", tile="aub_01", explored=["aub_01"])


def test_threat_past_the_maximum_loses_the_expedition() -> None:
    """Rulebook (line 718): As mentioned, keep in mind that if either Threat or Curse increases over the
    maximum value, it will result in an immediate Expedition loss.

    Rulebook (line 817): - Gaining Threat or Curse, if that gain would make you exceed the maximum value
    on the respective track.
    """
    at_max = tr.change_threat(KingdomTrack(threat=SPEC.threat_max - 1), DELVE, SPEC, 1)
    assert not at_max.track.lost and at_max.track.threat == SPEC.threat_max
    over = tr.change_threat(at_max.track, at_max.delve, SPEC, 1)
    assert over.track.lost and over.track.threat == SPEC.threat_max
    assert "Threat would exceed" in (over.delve.lost_reason or "")


def test_curse_past_the_maximum_loses_and_9_prompts_the_paragraph_once() -> None:
    """Rulebook (line 720): You may have noticed a paragraph number near space 9 on the Curse track. If
    you reach 9 Curse for the first time during an Expedition, proceed to that paragraph.
    """
    nine = tr.change_curse(KingdomTrack(curse=7), DELVE, SPEC, 2)
    assert nine.curse_paragraph == 909 and not nine.track.lost
    down = tr.change_curse(nine.track, nine.delve, SPEC, -1)
    again = tr.change_curse(down.track, down.delve, SPEC, 1)
    assert again.curse_paragraph is None  # only the first time
    over = tr.change_curse(again.track, again.delve, SPEC, 1)
    assert over.track.lost and over.track.curse == 9


def test_losing_threat_stops_at_zero() -> None:
    """Rulebook (line 717): Whenever you gain any of these statistics, move the marker on the
    corresponding track. Similarly, if you activate an effect that causes you to lose any of the
    statistics, lower its level on the track.
    """
    change = tr.change_threat(KingdomTrack(threat=1), DELVE, SPEC, -3)
    assert change.track.threat == 0 and not change.track.lost


def test_every_hunt_space_moved_onto_triggers_when_gaining_or_losing() -> None:
    """Rulebook (line 784): Every time the Threat marker is moved onto a Hunt Space on the Threat track
    (either by gaining or losing Threat), each Encounter Monster token on the Kingdom map (if there are
    any) moves toward the Party marker by the indicated number of tiles (1 tile, 2 tiles), via the
    shortest possible path.
    """
    up = tr.change_threat(KingdomTrack(threat=2), DELVE, SPEC, 4)  # 3 (1 tile) and 5 (1 tile), then 6
    assert [(h.threat, h.moves) for h in up.hunts] == [(3, 1), (5, 1)]
    down = tr.change_threat(KingdomTrack(threat=6), DELVE, SPEC, -1)
    assert [(h.threat, h.moves) for h in down.hunts] == [(5, 1)]
    none = tr.change_threat(KingdomTrack(threat=3), DELVE, SPEC, 1)
    assert none.hunts == []


def test_threat_7_spawns_once_per_expedition() -> None:
    """Rulebook (line 785): Additionally, when you raise your Threat to 7 or above for the first time
    during the current Expedition, spawn an Encounter Monster token onto an adjacent Kingdom tile (after
    moving all other Encounter Monsters).
    """
    first = tr.change_threat(KingdomTrack(threat=6), DELVE, SPEC, 2)
    assert first.spawn and first.delve.threat_seven_spawned
    said = told(first.texts)
    assert said.index(next(t for t in said if "Hunt Space 7" in t)) < said.index(next(t for t in said if "spawn" in t))
    lower = tr.change_threat(first.track, first.delve, SPEC, -2)
    second = tr.change_threat(lower.track, lower.delve, SPEC, 2)
    assert not second.spawn


def test_time_stops_at_16_and_records_8_and_16() -> None:
    """Rulebook (line 719): Typically there is a limit of 4 Threat, and 9 Curse, and you have 16 hours
    (rounds) to complete your Expedition.
    """
    change = tr.advance_time(KingdomTrack(time=7), DELVE, SPEC, 2)
    assert change.track.time == 9 and change.time_reached == [8]
    end = tr.advance_time(KingdomTrack(time=15), DELVE, SPEC, 3)
    assert end.track.time == 16 and end.time_reached == [16]
