"""``/now`` in Discord through SimCord (tests/discord/sim.py): one embed of the campaign as it is now — the Knights,
the Round, the question waiting, the Reactions of the open window, the next command — with the waiting question's
buttons under it, which answer the question as the decision's own reply would (issue #20: "in Discord as an embed
with the question's buttons")."""

from __future__ import annotations

import simcord

from rules.board.measures import is_adjacent
from rules.clash import legal
from rules.state import CampaignState
from tests.discord.sim import Sim, component_ids, text

REACT_PROMPT = "REACT! before Censer Swing's attack"


def _fields(result: simcord.InteractionResult) -> dict[str, str]:
    assert result.response is not None
    (embed,) = result.response.embeds
    assert embed.title == "⏱️ Now"
    return {f.name: f.value for f in embed.fields}


async def _react_window(sim: Sim) -> simcord.InteractionResult:
    """Kara and Ser Sonch against the Cinder Abbot, its Censer Swing first: the REACT! window (d1)."""
    sim.seed_dice(1)
    await sim.gm.slash(sim.channel, "campaign new", name="The Ashen Vigil")
    await sim.kara.slash(sim.channel, "knight create", knight="lanternbearer", name="Kara")
    await sim.sonch.slash(sim.channel, "knight create", knight="lanternbearer", name="Ser Sonch")
    await sim.gm.slash(sim.channel, "clash start", monster="abbot", level=3, type="full")
    await sim.gm.slash(sim.channel, "clash adjust", deck="ai", top="abbot_ai_censer_swing")
    prompt = await sim.kara.slash(sim.channel, "monster round")
    assert REACT_PROMPT in text(prompt)
    return prompt


async def test_now_is_an_embed_whose_button_answers_the_question(sim: Sim) -> None:
    """Rulebook, "Window of Opportunity": the REACT! window is open, so /now lists each Knight's Reactions (the
    Lantern of Vigil's Kindle: "Exhaust: Place 1 Opening token in the Knight Pool") and the question, whose button
    is the decision's own; pressing it goes on as the REACT! prompt's button would."""
    prompt = await _react_window(sim)
    assert prompt.response is not None
    now = await sim.sonch.slash(sim.channel, "now")
    assert now.response is not None and not now.response.ephemeral
    fields = _fields(now)
    assert "**Kara**: Vigor 12/12 · Heat 0/3 · Passion 0" in fields["Knights"]
    assert "**Ser Sonch**: Vigor 12/12" in fields["Knights"]
    assert "Kindle" in fields["Ser Sonch may react"] and "Lantern of Vigil" in fields["Ser Sonch may react"]
    (question,) = [name for name in fields if name.startswith("❓ d1")]
    assert REACT_PROMPT in fields[question] and "`go_on` — Go on" in fields[question]
    assert fields["Next"].startswith("/choose decision:d1 option:<go_on>")
    assert "Round 1 · Monster Round" in (now.response.embeds[0].description or "")
    # the same button the REACT! prompt carries
    (go_on,) = component_ids(now.response)
    assert go_on == component_ids(prompt.response)[0]
    pressed = await sim.sonch.click(now.response.message, custom_id=go_on)
    assert not pressed.ephemeral and "The Knights are done reacting" in text(pressed)
    after = _fields(await sim.sonch.slash(sim.channel, "now"))  # the Attack goes on: its Evasion Roll asks next
    assert not [name for name in after if name.startswith("❓ d1")] and [name for name in after if name.startswith("❓ d2")]


async def _state(sim: Sim) -> CampaignState:
    app = sim.client.tree.app
    assert app is not None
    row = await app.db.active_campaign(str(sim.guild.id), str(sim.channel.id))
    assert row is not None
    return CampaignState.model_validate_json(row.state_json)


async def test_now_in_the_knight_round_shows_the_turn_knight_s_weapons_and_odds(sim: Sim) -> None:
    """Rulebook, "1. Declare Attack and Active Weapon": "You can only choose a weapon as active if the target of
    your Attack is in that weapon's effective range (adjacent for melee ...) and LoS". The Monster Round answered
    with /now's own buttons, then Kara's turn beside the Abbot: her Pilgrim's Mace in range with the odds to wound
    that ``/odds weapon`` gives, her Movement made, her Technique cards; no question, so no buttons."""
    await _react_window(sim)
    for _ in range(30):  # the GM answers every question with /now's buttons: go on, keep the dice
        now = await sim.gm.slash(sim.channel, "now")
        assert now.response is not None
        ids = component_ids(now.response)
        if not ids:
            break
        keep = next((i for i in ids if i.endswith((":go_on", ":keep"))), ids[0])
        pressed = await sim.gm.click(now.response.message, custom_id=keep)
        assert not pressed.ephemeral, text(pressed)
    state = await _state(sim)
    assert state.clash is not None and state.clash.flow.phase == "knight"
    abbot = state.board.monsters[0]
    kara = state.board.knight("kara")
    spaces = sorted(legal.reachable(sim.catalogue, state, "kara"), key=lambda c: (c.row, c.col))
    beside = next(c for c in spaces if is_adjacent(state.board, abbot, kara.model_copy(update={"space": c}),
                                                   for_monster=False))
    moved = await sim.kara.slash(sim.channel, "knight move", to=beside.label)
    assert moved.response is not None and not moved.response.ephemeral, text(moved)
    now = await sim.kara.slash(sim.channel, "now")
    assert now.response is not None and component_ids(now.response) == []
    fields = _fields(now)
    assert "**Kara**'s turn" in (now.response.embeds[0].description or "")
    assert fields["Kara's Movement"] == "has made the Movement Action"
    assert "🃏 **Kindle**" in fields["Kara may use"] and "Place 2 Fire tokens in the Knight Pool." in fields["Kara may use"]
    odds = text(await sim.kara.slash(sim.channel, "odds weapon", weapon="gear_pilgrims_mace"))
    wound = odds.split("Wound **")[1].split("**")[0]
    assert f"Pilgrim's Mace: in range of {abbot.name} — {abbot.name}: Wound **{wound}**" in fields["Kara's weapons"]
