"""Permissions, table-driven: every command of the registry against five actors.

The campaign is built once (the GM creates it; Kara creates Ser Sonch; Ulfa has a Knight of her own;
Bram has only rolled a die; a Monster and Ser Sonch are on the Clash Board; the Delve has started) and
copied to a fresh database file for each (command, actor) pair, so every run starts from the same
campaign. The actors:

- ``owner``: Kara, who owns Ser Sonch;
- ``other``: Ulfa, a player with a Knight of her own (Maud);
- ``gm``: Morgan, who created the campaign (not a server manager: the creator is the GM);
- ``member``: Bram, a member of the campaign without a Knight;
- ``outsider``: Mallory, a server manager of *another* guild, sending the same channel id (forged).

``ROWS`` holds one valid line per command, written by hand from docs/commands.md, the actors that may
run it, and whether a successful run writes to the log (detected by comparing the campaign row and its
log before and after, and checked against the row). A command added to the registry without a row
fails ``test_every_command_has_a_row``.

Expected outcomes: GM-only commands are refused for everyone but the GM; a command that changes a
Knight is refused for everyone but its owner and the GM; another guild never sees or changes anything
of this guild (the campaign row, its members and its log are unchanged, and no reply names the campaign
or its Knights).
"""

from __future__ import annotations

import asyncio
import json
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.app.commands import build_registry
from bot.app.context import Invocation
from bot.app.parse import parse_line
from bot.app.reply import Reply
from bot.app.service import App
from tests.conftest import open_app

GUILD, CHANNEL, OTHER_GUILD = "guild-a", "channel-a", "guild-b"
SMALL_PACK = Path(__file__).resolve().parents[1] / "content" / "small_pack.yaml"  # for /content upload
CAMPAIGN = "The Ashen Vigil"
SECRET_NAMES = (CAMPAIGN, "Ser Sonch", "Maud")

USERS = {"owner": "kara", "other": "ulfa", "gm": "morgan", "member": "bram"}
ACTORS = ("owner", "other", "gm", "member", "outsider")

EVERYONE = frozenset({"owner", "other", "gm", "member"})  # every member of this guild's campaign
KNIGHT = frozenset({"owner", "gm"})  # changes Ser Sonch: its owner or the GM
GM = frozenset({"gm"})
NOBODY: frozenset[str] = frozenset()
ANYONE = EVERYONE | {"outsider"}  # needs no campaign (the outsider runs it in their own guild)

SETUP = (
    f'@morgan /campaign new name:"{CAMPAIGN}"',
    '@kara /knight create knight:lanternbearer name:"Ser Sonch"',
    '@ulfa /knight create knight:ashgrove name:"Maud"',
    "@bram /roll test difficulty:6",
    "@morgan /delve start kingdom:aubrevane",
    "@morgan /clash place kind:monster name:Eggknight space:C5 size:4",
    '@morgan /clash place kind:knight name:"Ser Sonch" space:A1',
)
TABLE_DICE = ("@morgan /campaign dice mode:table", "@kara /roll test difficulty:6")  # a roll waits for Kara's dice
IMPORT_CODE = "{import_code}"  # a Knight exported from another campaign (built with the template)
FOG = ("@morgan /delve start kingdom:aubrevane start:aub_01", "@morgan /delve travel fog:aub_04")  # in the Deep Fog
# an Active Exploration card (Hound Spoor) in play after four rounds (the SETUP campaign's dice)
IN_PLAY = ("@morgan /delve start kingdom:aubrevane start:aub_01", *(f"@morgan /delve travel direction:{d}"
            for d in ("west", "east", "north", "south")))
# a Monster token met on aub_02, its Encounter cancelled by the GM: the round's steps wait for /delve continue
MET = ("@morgan /delve start kingdom:aubrevane start:aub_01", "@morgan /delve adjust token:stag to:aub_02",
       "@morgan /delve travel to:aub_02", "@morgan /delve adjust clear_encounter:true")
# an Encounter due with the Stag (its token met on aub_02); ENCOUNTER: started (Ser Sonch chooses a skull space);
# KNIGHT_ROUND: Ser Sonch on A4 next to the Stag (A5-A6), Maud on C6: the Knight Round waits for them
DUE = (*MET[:3],)
ENCOUNTER = (*DUE, "@morgan /gm force-next values:1,5,4,4", "@morgan /encounter start")
SQUIRE = ('@kara /squire add squire:squire_tamsin name:"Tam"',)  # Kara's Squire
SAINT = ('@kara /saint devote saint:"Saint Urbain" incarnation:7',)  # Ser Sonch's patron Saint
SMALL_EXPORT = Path(__file__).resolve().parents[1] / "campaign" / "small_export.json"  # for /campaign import
ROGUE = ("@morgan /rogue start",)  # a Rogue's Path; ROGUE_WON: node a1 won (a Gear reward owed to each Knight)
ROGUE_WON = (*ROGUE, "@morgan /gm force-next values:1", "@morgan /rogue node node:a1",
             "@morgan /clash adjust monster:wounds value:40", "@morgan /clash end")
# the Postgame; HUNTING: Hunt h1 in its Dungeon; LAIR: the Dungeon won; POSTGAME_WON: h1 won; POSTGAME_H4: h1, h2 and
# h4 won (h4's Legendary reward lg_censer offered)
POSTGAME = ("@morgan /postgame start",)
HUNTING = (*POSTGAME, "@morgan /postgame hunt hunt:h1")
LAIR = tuple(f"@morgan /postgame dungeon room:{r}" for r in ("stair", "cloister", "lair"))
_HUNT_WON = ("@morgan /clash adjust monster:wounds value:40", "@morgan /clash end")
POSTGAME_WON = (*HUNTING, *LAIR, "@morgan /postgame clash", *_HUNT_WON)
POSTGAME_H4 = (*POSTGAME_WON, *(line for h in ("h2", "h4") for line in (
    f"@morgan /postgame hunt hunt:{h}", *LAIR, "@morgan /postgame clash", *_HUNT_WON)))
KNIGHT_ROUND = (*ENCOUNTER, "@kara /encounter choose option:A4", "@ulfa /encounter choose option:C6")
EXPEDITION = ("@morgan /expedition start",)
OUTPOST = (*EXPEDITION, "@kara /expedition vision choice:quest", "@kara /expedition destination kingdom:aubrevane",
           '@morgan /expedition next phase:outpost reason:"the party sets out"')
ROAMING = (*EXPEDITION, "@kara /expedition vision choice:free_roam", "@kara /expedition card card:clue_broken_banner")
# the Spoils Phase with four Kingdom Gear Loot cards (Ser Sonch quests, Maud free roams); TAKEN: one card each
SPOILS = (*EXPEDITION, "@kara /expedition vision choice:quest", "@ulfa /expedition vision choice:free_roam",
          "@morgan /spoils scavenge count:4 type:kingdom_gear", '@morgan /expedition next phase:spoils reason:"x"')
TAKEN = (*SPOILS, "@kara /spoils take card:L1", "@ulfa /spoils take card:L2")


@dataclass(frozen=True)
class Row:
    line: str
    ok: frozenset[str]
    writes: bool
    setup: tuple[str, ...] = ()
    refusal: str = ""  # what a refused member of this guild is told (GM-only commands: always the GM message)


SONCH = 'name:"Ser Sonch"'
ROWS: list[Row] = [
    # /campaign
    Row('/campaign new name:"Second Table"', frozenset({"outsider"}), True, refusal="already plays"),
    Row("/campaign info", EVERYONE, False),
    Row("/campaign edition", EVERYONE, False),
    Row("/campaign end", GM, True),
    Row("/campaign dice mode:table", GM, True),
    Row("/campaign edition", EVERYONE, False),
    Row("/campaign pings setting:off", GM, True),
    Row("/campaign gm-role role:777", GM, True),
    Row("/campaign mode mode:five_player", GM, True),
    # True Solo Mode's next Investigation: refused by the rules for every member here (not a True Solo campaign)
    Row("/solo investigation investigation:2", frozenset(), True, refusal="does not play True Solo Mode"),
    Row("/solo gear gear:gear_riveted_mail unequip:gear_padded_gambeson", frozenset(), True,
        refusal="does not play True Solo Mode"),
    Row("/solo random count:2", frozenset(), True, refusal="does not play True Solo Mode"),
    Row("/campaign export", GM, False),
    # an export of another campaign (tests/campaign/small_export.json): only into a channel without a campaign
    Row(f'/campaign import file:"{SMALL_EXPORT}"', frozenset({"outsider"}), True, refusal="already plays"),
    # /roll
    Row("/roll test difficulty:6 bonus:2", EVERYONE, True),
    Row("/roll dice count:2", EVERYONE, True),
    Row("/roll d100", EVERYONE, True),
    Row("/roll save kind:curse modifier:2", EVERYONE, True),
    Row("/roll power red:1 black:1 white:1", EVERYONE, True),
    Row("/roll armor white:2", EVERYONE, True),
    # only who rolled (here Kara, the owner) or a GM may spend Heat on the dice
    Row("/roll reroll dice:1", KNIGHT, True, setup=("@kara /roll attack dice:3 to_hit:6",), refusal="rolled by"),
    Row('/roll random among:"Kara,Ser Sonch,Ulfa"', EVERYONE, True),
    Row("/roll direction", EVERYONE, True),
    Row("/roll attack dice:3 to_hit:6 precision:1", EVERYONE, True),
    Row("/roll evasion dice:2 difficulty:6", EVERYONE, True),
    # /deck
    Row("/deck draw deck:minor_mortis", EVERYONE, True),
    Row("/deck draw deck:minor_mortis card:minor_mortis_stagger", GM, True, setup=TABLE_DICE[:1],
        refusal="only a GM may record a card"),
    Row("/deck shuffle deck:minor_mortis", EVERYONE, True),
    Row("/deck peek deck:minor_mortis count:5", GM, False),
    Row("/deck search deck:minor_mortis card:minor_mortis_stagger", EVERYONE, True),
    Row("/deck return deck:minor_mortis card:minor_mortis_stagger to:top", EVERYONE, True),
    Row("/deck remove deck:minor_mortis card:minor_mortis_stagger", EVERYONE, True),
    # /clash
    Row("/clash board highlight:C4,D4", EVERYONE, False),
    Row('/clash place kind:terrain name:"Ruined Wall" space:H1 keywords:Obstacle', GM, True),
    Row("/clash remove name:Eggknight", GM, True),
    # /delve
    Row("/delve start kingdom:aubrevane", GM, True),
    Row("/delve travel direction:north", EVERYONE, True),
    Row("/delve track", EVERYONE, False),
    Row("/delve status", EVERYONE, False),
    Row("/delve map", EVERYONE, False),
    Row("/delve gain threat:1", GM, True),
    Row("/delve adjust threat:2 curse:1", GM, True),
    Row("/delve adjust token:stag to:aub_02 rotation:1", GM, True),
    Row("/delve continue", EVERYONE, True, setup=MET),
    Row("/delve route option:aub_03", EVERYONE, True,  # the Threat 7 spawn: the party chooses its adjacent tile
        setup=("@morgan /delve start kingdom:aubrevane start:aub_01", "@morgan /delve adjust threat:6",
               "@morgan /delve gain threat:1")),
    Row("/delve reveal tile:aub_02", GM, True),
    Row("/delve cipher code:3712", EVERYONE, True,
        setup=("@morgan /delve start kingdom:aubrevane start:aub_01", "@morgan /delve travel direction:west")),
    Row("/delve discard card:aub_ex_hound_spoor", EVERYONE, True, setup=IN_PLAY),
    Row("/delve adventure", EVERYONE, True, setup=("@morgan /delve start kingdom:aubrevane start:aub_01",)),
    # Search and Rescue signed: entering aub_03 (a Small tile, never the mark: it lies face down at the start)
    Row(f"/delve contract knight:{SONCH[5:]}", EVERYONE, True,
        setup=(*OUTPOST, "@kara /outpost contract contract:aub_contract_search_and_rescue", "@morgan /outpost done",
               "@morgan /delve start kingdom:aubrevane start:aub_01", "@morgan /delve travel direction:east")),
    # /expedition (EXPEDITION: one started)
    Row("/expedition start", GM, True),
    Row("/expedition status", EVERYONE, False, setup=EXPEDITION),
    Row(f"/expedition vision choice:free_roam knight:{SONCH[5:]}", KNIGHT, True, setup=EXPEDITION,
        refusal="belongs to"),
    Row(f"/expedition leader knight:{SONCH[5:]}", EVERYONE, True, setup=EXPEDITION),
    Row("/expedition destination kingdom:aubrevane", EVERYONE, True, setup=EXPEDITION),
    Row('/expedition note text:"paragraph 3: the bridge is down"', EVERYONE, True, setup=EXPEDITION),
    Row('/expedition next phase:outpost reason:"Quest paragraph 2"', GM, True, setup=EXPEDITION),
    # Clue cards and Leads (ROAMING: Ser Sonch Free Roams with The Broken Banner, Martial)
    Row('/expedition seating order:"Maud, Ser Sonch"', EVERYONE, True, setup=EXPEDITION),
    Row("/expedition clues", EVERYONE, False, setup=ROAMING),
    Row(f"/expedition card card:clue_iron_oath knight:{SONCH[5:]}", KNIGHT, True, setup=ROAMING, refusal="belongs to"),
    Row(f"/expedition clue clue:martial change:1 knight:{SONCH[5:]}", KNIGHT, True, setup=ROAMING,
        refusal="belongs to"),
    Row(f"/expedition roam investigation:2 knight:{SONCH[5:]}", KNIGHT, True, refusal="belongs to",
        setup=(*ROAMING, f"@kara /knight mark what:investigation chapter:1 number:1 {SONCH}")),
    Row("/expedition resolve", EVERYONE, True, setup=(*ROAMING, '@morgan /expedition next phase:spoils reason:"x"')),
    Row(f"/expedition leads chapter:1 investigation:1 knight:{SONCH[5:]}", KNIGHT, True, refusal="belongs to",
        setup=(f"@morgan /knight stat stat:leads change:5 {SONCH}",)),
    # /spoils (SPOILS: the Spoils Phase with four Loot cards)
    Row("/spoils status", EVERYONE, False, setup=EXPEDITION),
    Row("/spoils scavenge count:1 type:upgrade", EVERYONE, True, setup=EXPEDITION),
    Row(f"/spoils take card:L1 knight:{SONCH[5:]}", KNIGHT, True, setup=SPOILS, refusal="belongs to"),
    Row("/spoils vote card:L1", EVERYONE, True, setup=SPOILS),
    Row("/spoils choose decision:vote1 option:maud", frozenset({"owner", "other"}), True,
        setup=(*SPOILS, "@morgan /spoils vote card:L1"), refusal="only the players of the living Knights vote"),
    Row(f"/spoils scrap card:L3 knight:{SONCH[5:]}", KNIGHT, True, setup=TAKEN, refusal="belongs to"),
    Row(f"/spoils exchange card:L1 for:gold knight:{SONCH[5:]}", KNIGHT, True, setup=TAKEN, refusal="belongs to"),
    Row(f"/spoils gamble cards:L3 knight:{SONCH[5:]}", KNIGHT, True, refusal="belongs to",
        setup=(*TAKEN, "@kara /spoils scrap card:L3")),
    Row("/spoils done", GM, True, setup=(*TAKEN, "@kara /spoils scrap card:L3", "@ulfa /spoils scrap card:L4")),
    # /outpost and /mercenary (OUTPOST: Ser Sonch quests to Aubrevane; the Expedition is at the Outpost)
    Row("/outpost status", EVERYONE, False, setup=OUTPOST),
    Row("/outpost visit section:shrine", EVERYONE, True, setup=OUTPOST),
    Row("/outpost inn", EVERYONE, True, setup=OUTPOST),
    Row("/outpost contract contract:aub_contract_cull_the_marsh", EVERYONE, True, setup=OUTPOST),
    Row("/outpost fulfil", GM, True, setup=(*OUTPOST, "@kara /outpost contract contract:aub_contract_cull_the_marsh")),
    Row(f"/outpost scouts scout:aub_scout_lamp_runner knight:{SONCH[5:]}", KNIGHT, True, setup=OUTPOST,
        refusal="belongs to"),
    Row(f"/outpost hire mercenary:merc_old_hesk knight:{SONCH[5:]}", KNIGHT, True, setup=OUTPOST,
        refusal="belongs to"),
    Row(f"/outpost buy gear:gear_ashwood_spear knight:{SONCH[5:]}", KNIGHT, True, refusal="belongs to",
        setup=(*OUTPOST, f"@morgan /knight stat stat:gold change:10 {SONCH}")),
    Row(f"/outpost reforge gear:gear_padded_gambeson knight:{SONCH[5:]}", KNIGHT, True, setup=OUTPOST,
        refusal="belongs to"),
    Row(f'/outpost shrine saint:"Saint Urbain" knight:{SONCH[5:]}', KNIGHT, True, refusal="belongs to",
        setup=(*OUTPOST, "@kara /saint devote", '@ulfa /saint devote saint:"Saint Urbain" incarnation:7 card_only:true',
               "@ulfa /saint lose")),
    Row("/outpost done", GM, True, setup=OUTPOST),
    Row("/scout use scout:aub_scout_ferry_watch", EVERYONE, True,
        setup=(*OUTPOST, "@kara /outpost scouts scout:aub_scout_ferry_watch", "@morgan /outpost done",
               "@morgan /delve start kingdom:aubrevane start:aub_01")),
    Row("/mercenary unlock mercenary:merc_gallow_jack", GM, True),
    Row('/mercenary use name:"Old Hesk"', EVERYONE, True,
        setup=(*OUTPOST, "@kara /outpost hire mercenary:merc_old_hesk", "@morgan /outpost done")),
    # /fog (the party in the Deep Fog) and /rest
    Row("/fog stay", EVERYONE, True, setup=FOG),
    Row("/fog withdraw", EVERYONE, True, setup=FOG),
    Row("/fog correct card:1 direction:north", EVERYONE, True, setup=FOG),
    Row("/fog choose option:withdraw", EVERYONE, True, setup=FOG),
    Row("/fog status", EVERYONE, False, setup=FOG),
    Row("/fog force cards:aub_fog_grey_mile", GM, True),
    Row("/rest tale:false", EVERYONE, True),
    # /encounter
    Row("/encounter start", EVERYONE, True, setup=DUE),
    Row("/encounter start monster:enc_stag_i ambush:true", GM, True, setup=DUE, refusal="only the GM"),
    Row("/encounter status", EVERYONE, False, setup=ENCOUNTER),
    Row("/encounter choose option:A4", KNIGHT, True, setup=ENCOUNTER, refusal="is for"),
    Row(f"/encounter attack weapon:gear_pilgrims_mace knight:{SONCH[5:]}", KNIGHT, True, setup=KNIGHT_ROUND,
        refusal="belongs to"),
    Row(f"/encounter help knight:{SONCH[5:]}", KNIGHT, True, setup=KNIGHT_ROUND, refusal="belongs to"),
    Row(f"/encounter place kind:knight {SONCH} space:D1", GM, True, setup=KNIGHT_ROUND),
    Row("/encounter end", GM, True, setup=ENCOUNTER),
    # /dice (a roll waits for Kara's physical dice)
    Row("/dice enter values:7", KNIGHT, True, setup=TABLE_DICE, refusal="this roll is Kara's to enter"),
    Row("/dice auto", GM, True, setup=TABLE_DICE),
    Row("/dice cancel", KNIGHT, True, setup=TABLE_DICE, refusal="this roll is Kara's to cancel"),
    Row("/dice show", EVERYONE, False, setup=TABLE_DICE),
    # /knight: looking is for everyone, changing Ser Sonch is for Kara and the GM
    Row('/knight create knight:marrow name:"Isolde"', EVERYONE, True),
    Row("/knight list", EVERYONE, False),
    Row(f"/knight show {SONCH}", EVERYONE, False),
    Row(f"/knight sheet {SONCH}", EVERYONE, False),
    Row(f"/knight export {SONCH}", EVERYONE, False),
    Row(f"/knight import json:{IMPORT_CODE}", EVERYONE, True),
    Row(f'/knight stat stat:heat change:1 reason:"a hard climb" {SONCH}', KNIGHT, True, refusal="belongs to"),
    Row(f"/knight tier tier:vassal {SONCH}", GM, True),
    Row(f"/knight mark what:quest chapter:1 {SONCH}", KNIGHT, True, refusal="belongs to"),
    Row(f'/knight virtue virtue:bravery change:1 source:"Investigation 1.2" {SONCH}', KNIGHT, True,
        refusal="belongs to"),
    Row(f"/knight vice vice:cowardice change:1 {SONCH}", KNIGHT, True, refusal="belongs to"),
    Row(f"/knight stat stat:gold change:2 reason:loot {SONCH}", KNIGHT, True, refusal="belongs to"),
    Row(f"/knight resource token:ember_token change:1 {SONCH}", KNIGHT, True, refusal="belongs to"),
    Row(f"/knight armory add gear:gear_riveted_mail {SONCH}", KNIGHT, True, refusal="belongs to"),
    Row(f"/knight armory remove gear:gear_lantern_of_vigil {SONCH}", KNIGHT, True, refusal="belongs to"),
    Row(f"/knight armory reforge gear:gear_padded_gambeson {SONCH}", KNIGHT, True, refusal="belongs to"),
    Row(f"/knight armory upgrade gear:gear_riveted_mail upgrade:upgrade_leather_straps {SONCH}", KNIGHT, True,
        setup=("@kara /knight armory add gear:gear_riveted_mail",), refusal="belongs to"),
    Row(f"/knight board heroic_arc:lanternbearer_arc_vigil {SONCH}", KNIGHT, True, refusal="belongs to"),
    Row(f"/knight unlock item:lanternbearer_talent_pyre {SONCH}", KNIGHT, True, refusal="belongs to"),
    Row(f"/knight loadout gear:gear_pilgrims_mace,gear_padded_gambeson {SONCH}", KNIGHT, True,
        refusal="belongs to"),
    Row(f'/knight note kind:note text:"Owes the ferryman" {SONCH}', KNIGHT, True, refusal="belongs to"),
    Row(f"/knight technique action:clash technique:lanternbearer_t_kindle {SONCH}", KNIGHT, True,
        refusal="belongs to"),
    Row(f"/knight gear action:exhaust gear:gear_lantern_of_vigil {SONCH}", KNIGHT, True, refusal="belongs to"),
    Row(f"/knight condition action:gain card:condition_opened_vein {SONCH}", KNIGHT, True, refusal="belongs to"),
    # /keyword (docs/commands.md): changing Ser Sonch is for Kara and the GM; showing is for every member
    Row(f"/keyword apply keyword:poison value:2 {SONCH}", KNIGHT, True, refusal="belongs to"),
    Row(f"/keyword tokens card:poisoned change:-1 {SONCH}", KNIGHT, True, refusal="belongs to",
        setup=(f"@kara /keyword apply keyword:poison value:2 {SONCH}",)),
    Row(f"/keyword show {SONCH}", EVERYONE, False),
    Row(f"/knight expedition step:start {SONCH}", KNIGHT, True, refusal="belongs to"),
    # /saint, /presence, /progress (docs/campaign.md); SAINT: Ser Sonch devoted to Saint Urbain. Incarnating needs a
    # death in a Clash: here it is refused to everyone (the owner and GM by the rule, the others as not theirs)
    Row(f'/saint devote saint:"Saint Urbain" incarnation:7 {SONCH}', KNIGHT, True, refusal="belongs to"),
    Row("/saint unknown", GM, True),
    Row(f"/saint commandment step:start {SONCH}", KNIGHT, True, setup=SAINT, refusal="belongs to"),
    Row(f"/saint incarnate {SONCH}", NOBODY, False, setup=SAINT, refusal="Ser Sonch"),
    Row(f"/saint end {SONCH}", NOBODY, False, setup=SAINT, refusal="Ser Sonch"),
    Row(f"/saint lose {SONCH}", KNIGHT, True, setup=SAINT, refusal="belongs to"),
    Row("/saint show", EVERYONE, False, setup=SAINT),
    Row("/presence show", EVERYONE, False),
    Row(f"/presence lend gear:gear_riveted_mail to:Maud {SONCH}", KNIGHT, True, refusal="belongs to",
        setup=(f"@morgan /knight tier tier:king {SONCH}", f"@morgan /knight armory add gear:gear_riveted_mail {SONCH}")),
    Row("/presence return", EVERYONE, True),
    Row(f"/progress knight {SONCH}", NOBODY, False, refusal="Ser Sonch"),  # the SETUP's Delve is under way
    Row('/progress princess op:gain name:"Princess of Stone"', EVERYONE, True),
    Row(f"/progress test virtue:bravery difficulty:6 {SONCH}", KNIGHT, True, refusal="belongs to"),
    # /squire: Kara's Squire Tam; changing it or drawing for it is for Kara and the GM
    Row('/squire add squire:squire_wendel name:"Wen"', EVERYONE, True),
    Row("/squire show", EVERYONE, False),
    Row("/squire stat stat:heat change:1 name:Tam", KNIGHT, True, setup=SQUIRE, refusal="belongs to"),
    Row("/squire draw kind:test difficulty:5 name:Tam", KNIGHT, True, setup=SQUIRE, refusal="belongs to"),
    Row("/squire redraw name:Tam", KNIGHT, True, setup=(*SQUIRE, "@kara /squire draw kind:test difficulty:5"),
        refusal="belongs to"),
    Row("/squire policy heat_reserve:1 name:Tam", KNIGHT, True, setup=SQUIRE, refusal="belongs to"),
    Row("/squire remove name:Tam", KNIGHT, True, setup=SQUIRE, refusal="belongs to"),
    Row("/squire sheet name:Tam", EVERYONE, False, setup=SQUIRE),
    Row("/squire leads change:3", EVERYONE, True),
    # a Squire's Gold goes to the Party Leader (Ser Sonch on the Quest)
    Row("/squire gold amount:3 name:Tam", KNIGHT, True, refusal="belongs to", setup=(
        *SQUIRE, "@morgan /expedition start", "@kara /expedition vision choice:quest")),
    Row("/squire unlock card:mettle_mob_mystic reason:quest override:true", GM, True, setup=SQUIRE,
        refusal="only the GM"),
    Row("/squire survived tier:mob", GM, True, setup=SQUIRE),
    # a Knight lends: Ser Sonch's weapon is Kara's (or the GM's) to lend; Tam may be anybody's
    Row('/squire lend weapon:gear_ashwood_spear knight:"Ser Sonch" name:Tam', KNIGHT, True, refusal="belongs to",
        setup=(*SQUIRE, *OUTPOST, f"@kara /knight armory add gear:gear_ashwood_spear {SONCH}")),
    Row("/squire return name:Tam", KNIGHT, True, refusal="belongs to", setup=(
        *SQUIRE, *OUTPOST, f"@kara /knight armory add gear:gear_ashwood_spear {SONCH}",
        '@kara /squire lend weapon:gear_ashwood_spear knight:"Ser Sonch" name:Tam')),
    # /rogue: the GM starts it and keeps the owned list; any member tackles a node; a reward is its Knight's
    Row("/rogue start", GM, True),
    Row("/rogue status", EVERYONE, False, setup=ROGUE),
    Row("/rogue map", EVERYONE, False, setup=ROGUE),
    Row("/rogue node node:a1", EVERYONE, True, setup=ROGUE),
    Row("/rogue owned remove:abbot", GM, True, setup=ROGUE),
    Row("/rogue outpost", EVERYONE, True, setup=ROGUE),
    Row('/rogue claim knight:"Ser Sonch" reward:rr_ashen_blade', KNIGHT, True, setup=ROGUE_WON, refusal="belongs to"),
    # /postgame: the GM starts it; any member plays a Hunt; a Legendary reward is its Knight's
    Row("/postgame start", GM, True),
    Row("/postgame status", EVERYONE, False, setup=POSTGAME),
    Row("/postgame map", EVERYONE, False, setup=POSTGAME),
    Row("/postgame hunt hunt:h1", EVERYONE, True, setup=POSTGAME),
    Row("/postgame custom monster:drowned level:1", EVERYONE, True, setup=POSTGAME_WON),
    Row("/postgame dungeon room:stair", EVERYONE, True, setup=HUNTING),
    Row("/postgame adjust threat:1 clues:1", EVERYONE, True, setup=HUNTING),
    Row("/postgame clash opening:0", EVERYONE, True, setup=(*HUNTING, *LAIR)),
    Row("/postgame abandon", EVERYONE, True, setup=HUNTING),
    Row('/postgame claim knight:"Ser Sonch" reward:lg_censer', KNIGHT, True, setup=POSTGAME_H4,
        refusal="belongs to"),
    # /odds and /help need no campaign
    Row('/odds attack dice:3 to_hit:6 weapon_power:"red:1" at:4', ANYONE, False),
    Row("/odds evasion dice:2 difficulty:6 block:1", ANYONE, False),
    Row('/help command:"roll test"', ANYONE, False),
    # /content: a guild's own packs (uploads write no campaign log; list needs no campaign)
    Row(f'/content upload file:"{SMALL_PACK}"', GM, False),
    Row("/content list", ANYONE, False),
    Row("/content card id:abbot_ai_censer_swing", ANYONE, False),
    Row("/content export pack:small_pack", GM, False, setup=(f'@morgan /content upload file:"{SMALL_PACK}"',)),
    Row("/content remove pack:small_pack", GM, False, setup=(f'@morgan /content upload file:"{SMALL_PACK}"',)),
    # /gm
    Row("/gm force-next values:10,1", GM, True),
    Row("/gm force-list", GM, False, setup=("@morgan /gm force-next values:3",)),
    Row("/gm force-clear", GM, True, setup=("@morgan /gm force-next values:3",)),
    Row("/gm amend-last values:7", GM, True, setup=("@kara /roll test difficulty:6",)),
    Row("/gm undo", GM, True),
    Row("/gm log count:5", GM, False),
    Row("/gm state", GM, False),
]
# The Clash (added while this table was written): its rows count once the commands are registered.
CLASH = ("@morgan /clash start monster:abbot level:1 type:exhibition",)
PROVIDENCE = ("@morgan /clash start monster:abbot level:1 type:exhibition providence:true",)
CLASH_L3 = ("@morgan /clash start monster:abbot level:3 type:full",)
SQUIRE_CLASH = (*SQUIRE, *PROVIDENCE, "@kara /squire place space:D5 name:Tam")
PENDING_ROWS: list[Row] = [
    Row("/clash start monster:abbot level:1 type:exhibition", GM, True),
    Row("/clash status", EVERYONE, False, setup=CLASH),
    Row('/clash adjust knight:"Ser Sonch" stat:vigor value:10', GM, True, setup=CLASH),
    Row("/clash adjust deck:ai top:abbot_ai_penance", GM, True, setup=CLASH),
    Row("/clash end", GM, True, setup=CLASH),
    Row("/clash modifier attribute:at change:1", GM, True, setup=CLASH),
    Row("/clash armor change:2", GM, True, setup=CLASH),
    # playing a Clash: the Monster Round, Knight turns (Wise Providence starts with the Knight Round), decisions
    Row("/monster round", EVERYONE, True, setup=CLASH),
    Row(f"/knight move to:G4 knight:{SONCH[5:]}", KNIGHT, True, setup=PROVIDENCE, refusal="belongs to"),
    Row(f"/knight end-turn knight:{SONCH[5:]}", KNIGHT, True, setup=PROVIDENCE, refusal="belongs to"),
    Row(f"/knight attack weapon:gear_pilgrims_mace knight:{SONCH[5:]}", KNIGHT, True, refusal="belongs to",
        setup=(*PROVIDENCE, f"@morgan /clash place kind:knight {SONCH} space:D5",
               f"@kara /knight loadout gear:gear_pilgrims_mace {SONCH}")),
    Row("/choose decision:d1 option:go_on", frozenset({"owner", "other", "gm"}), True, refusal="is for",
        # the level 3 AI deck is shuffled from the campaign's dice: one die rolled first keeps Censer Swing in it
        # (the SETUP's /delve start shuffles for Monster Setup)
        setup=("@bram /roll d100", *CLASH_L3, "@morgan /clash adjust deck:ai top:abbot_ai_censer_swing",
               "@morgan /monster round")),
    Row(f"/knight react source:gear_lantern_of_vigil ability:Kindle knight:{SONCH[5:]}", KNIGHT, True,
        setup=(*PROVIDENCE, f"@kara /knight move to:G4 knight:{SONCH[5:]}"), refusal="belongs to"),
    # a Squire in the Clash: Kara's Tam next to the Abbot (rules/squires/clash.py)
    Row("/squire place space:D5 name:Tam", KNIGHT, True, setup=(*SQUIRE, *PROVIDENCE), refusal="belongs to"),
    Row("/squire move to:E5 name:Tam", KNIGHT, True, setup=SQUIRE_CLASH, refusal="belongs to"),
    Row("/squire attack name:Tam", KNIGHT, True, setup=SQUIRE_CLASH, refusal="belongs to"),
    Row("/squire end-turn name:Tam", KNIGHT, True, setup=SQUIRE_CLASH, refusal="belongs to"),
    Row("/squire turn name:Tam", KNIGHT, True, setup=SQUIRE_CLASH, refusal="belongs to"),
    Row('/squire ability ability:"Hold the Reins" name:Tam', KNIGHT, True, setup=SQUIRE_CLASH, refusal="belongs to"),
    Row("/pool show", EVERYONE, False, setup=CLASH),
    Row("/now", EVERYONE, False, setup=CLASH),
    Row(f"/odds weapon weapon:gear_pilgrims_mace knight:{SONCH[5:]}", EVERYONE, False, setup=CLASH),
    Row("/pool add token:opening count:2", EVERYONE, True, setup=CLASH),
    # the Sigh of the Graal: Ser Sonch's own, spent by Kara or the GM once the Clash has ended
    Row(f"/clash sigh knight:{SONCH[5:]}", KNIGHT, True, refusal="belongs to",
        setup=(*CLASH, f"@kara /knight mark what:sigh {SONCH}", "@morgan /clash end")),
]


def path_of(line: str) -> tuple[str, ...]:
    words, _ = parse_line(line)
    command, used = build_registry().find(words)
    return command.path


def invocation(actor: str, line: str) -> Invocation:
    if actor == "outsider":  # a server manager of another guild, forging this channel's id
        return Invocation(guild_id=OTHER_GUILD, channel_id=CHANNEL, user_id="mallory", user_name="Mallory",
                          is_admin=True, command_line=line)
    user = USERS[actor]
    return Invocation(guild_id=GUILD, channel_id=CHANNEL, user_id=user, user_name=user.title(), command_line=line)


async def run_as(app: App, line: str) -> Reply:
    """``@user /command`` as a member of this guild (or ``@mallory`` of the other guild)."""
    user, _, command = line[1:].partition(" ")
    actor = next((a for a, u in USERS.items() if u == user), "outsider")
    return await app.run_line(invocation(actor, command), command)


async def observe(app: App, campaign_id: int) -> dict[str, Any]:
    """Everything of this guild's campaign a command could change: its row, members and log."""
    row = await app.db.campaign(GUILD, campaign_id)
    entries = await app.db.log(campaign_id)
    return {"row": row, "members": await app.db.members(campaign_id),
            "log": [(e.seq, e.kind, e.actor, e.command, e.target_seq) for e in entries]}


@dataclass(frozen=True)
class Template:
    path: Path
    campaign_id: int
    import_code: str


async def _build(path: Path) -> Template:
    app = await open_app(path)
    try:
        for line in SETUP:
            reply = await run_as(app, line)
            assert reply.ok, (line, reply.error)
        row = await app.db.active_campaign(GUILD, CHANNEL)
        assert row is not None
        # a Knight from a campaign of another channel, exported for /knight import
        scratch = Invocation(guild_id=GUILD, channel_id="scratch", user_id="morgan", user_name="Morgan")
        for line in ('/campaign new name:"Scratch"', '/knight create knight:oriel name:"Oriel"',
                     '/knight export name:"Oriel"'):
            reply = await app.run_line(scratch, line)
            assert reply.ok, (line, reply.error)
        return Template(path, row.id, reply.data["code"])
    finally:
        await app.db.close()


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Template:
    return asyncio.run(_build(tmp_path_factory.mktemp("permissions") / "template.sqlite3"))


def registered() -> set[tuple[str, ...]]:
    return set(build_registry().commands)


def all_rows() -> list[Row]:
    """The rows of every registered command (the Clash rows once those commands exist)."""
    known = registered()
    rows = list(ROWS)
    for row in PENDING_ROWS:
        words, _ = parse_line(row.line)
        if tuple(words[:2]) in known:
            rows.append(row)
    return rows


# -- the table covers the registry ---------------------------------------------------------------------


def test_every_command_has_a_row() -> None:
    """A new command without a row here fails: its permissions must be decided and tested."""
    covered = {path_of(r.line) for r in all_rows()}
    missing = sorted(" ".join(p) for p in registered() - covered)
    assert not missing, f"add a row to tests/permissions/test_matrix.py for: /{', /'.join(missing)}"


def test_the_rows_agree_with_the_registry() -> None:
    """A GM-only command is only ever allowed to the GM; a player command to every member (or the
    owner and GM, when it changes a Knight or answers someone's roll)."""
    registry = build_registry()
    for row in all_rows():
        command = registry.commands[path_of(row.line)]
        if command.permission == "gm":
            assert row.ok == GM, row.line
        elif command.permission == "player":
            assert "outsider" not in row.ok, row.line
        assert row.ok <= GM | EVERYONE | {"outsider"}


# -- every command against every actor ---------------------------------------------------------------


def _leaks(reply: Reply, line: str) -> list[str]:
    shown = "\n".join([reply.text or "", reply.error or "", json.dumps(reply.data, ensure_ascii=False)])
    return [name for name in SECRET_NAMES if name in shown and name not in line]


@pytest.mark.parametrize("row", all_rows(), ids=lambda r: " ".join(path_of(r.line)) + (" +setup" if r.setup else ""))
async def test_every_command_against_every_actor(row: Row, template: Template, tmp_path: Path) -> None:
    registry = build_registry()
    command = registry.commands[path_of(row.line)]
    line = row.line.replace(IMPORT_CODE, template.import_code)
    for actor in ACTORS:
        db = tmp_path / f"{actor}.sqlite3"
        shutil.copyfile(template.path, db)
        app = await open_app(db)
        try:
            for setup in row.setup:
                reply = await run_as(app, setup)
                assert reply.ok, (setup, reply.error)
            before = await observe(app, template.campaign_id)
            reply = await app.run_line(invocation(actor, line), line)
            after = await observe(app, template.campaign_id)
        finally:
            await app.db.close()
        where = f"{actor} ran {line!r}"
        if actor == "outsider":  # another guild never sees nor changes this guild's campaign
            assert after == before, f"{where}: this guild's campaign changed"
            assert not _leaks(reply, line), f"{where}: the reply names {_leaks(reply, line)}"
        if actor in row.ok:
            assert reply.ok, f"{where}: refused ({reply.error})"
            if actor == "outsider":
                continue
            if row.writes:
                new = after["log"][len(before["log"]):]
                assert new and after["row"].seq > before["row"].seq, f"{where}: nothing was logged"
                assert [e[2] for e in new] == [USERS[actor]] * len(new), f"{where}: logged as {new}"
            else:
                assert after == before, f"{where}: a command that only looks changed the campaign"
        else:
            assert not reply.ok, f"{where}: allowed ({reply.text[:200]})"
            assert reply.ephemeral and reply.error and len(reply.error) > 20, where
            assert after == before, f"{where}: refused, yet the campaign changed"
            if actor == "outsider":
                assert "no campaign in this channel" in reply.error, f"{where}: {reply.error}"
            elif command.permission == "gm":
                assert f"only the campaign's GM may use {command.name}" in reply.error, f"{where}: {reply.error}"
            else:
                assert row.refusal and row.refusal in reply.error, f"{where}: {reply.error}"


async def test_another_guild_with_its_own_campaign_reaches_nothing_of_ours(template: Template,
                                                                          tmp_path: Path) -> None:
    """The other guild has a campaign of its own in a channel with the same id, and its server manager
    runs every row there: all of it lands in their campaign, none in ours, and no reply shows ours."""
    db = tmp_path / "two-guilds.sqlite3"
    shutil.copyfile(template.path, db)
    app = await open_app(db)
    try:
        theirs = invocation("outsider", "")
        assert (await app.run_line(theirs, '/campaign new name:"Elsewhere"')).ok
        assert (await app.run_line(theirs, '/knight create knight:lanternbearer name:"Brannoch"')).ok
        before = await observe(app, template.campaign_id)
        landed = 0
        for row in sorted(all_rows(), key=lambda r: r.line == "/campaign end"):  # ending theirs comes last
            line = row.line.replace(IMPORT_CODE, template.import_code)
            reply = await app.run_line(invocation("outsider", line), line)
            assert not _leaks(reply, line), f"{line!r}: the reply names {_leaks(reply, line)}"
            landed += reply.ok
            if SONCH in line or "Eggknight" in line:  # this guild's Knight and Monster are not theirs to find
                assert not reply.ok, f"{line!r} reached this guild's campaign: {reply.text[:200]}"
        assert await observe(app, template.campaign_id) == before
        assert landed >= 30, "their own campaign took most of the commands"
    finally:
        await app.db.close()
