"""/deck draw|shuffle|peek|search|return|remove"""

from __future__ import annotations

from typing import Any

from bot.app.context import Invocation
from bot.app.registry import Command, Option, Registry
from bot.app.reply import CommandError, Reply
from bot.app.service import App
from rules import actions as a
from rules.table_dice import RecordDraw

DECKS = ("minor_mortis", "major_mortis", "grave_mortis", "judicium", "condition")


async def draw(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    if o.get("card"):  # table dice: the GM records the card the table drew from its own deck
        return await record_draw(app, ctx, o)
    return await app.act_reply(ctx, a.DeckDraw(deck=o["deck"], count=o["count"], bottom=o["bottom"], vigor=o["vigor"]))


async def record_draw(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    if not await app.is_gm(ctx, loaded.row):
        raise CommandError("only a GM may record a card drawn from the table's own deck (card:)")
    if loaded.state.dice_mode != "table":
        raise CommandError("card: records a card drawn from the table's own deck, in table mode only "
                           "(/campaign dice mode:table); in bot mode the bot draws")
    if o["count"] != 1 or o["bottom"]:
        raise CommandError("with card: record one card at a time (leave out count: and bottom:)")
    return await app.act_reply(ctx, RecordDraw(deck=o["deck"], card=o["card"], vigor=o["vigor"]))


async def shuffle(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, a.DeckShuffle(deck=o["deck"]))


async def search(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, a.DeckSearch(deck=o["deck"], card=o["card"]))


async def put_back(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, a.DeckReturn(deck=o["deck"], card=o["card"], to=o["to"]))


async def remove(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, a.DeckRemove(deck=o["deck"], card=o["card"]))


async def peek(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    """GM only: the deck from top to bottom, without changing it (nothing is logged)."""
    loaded = await app.load(ctx)
    deck = app.catalogue.decks.get(o["deck"])
    if deck is None:
        raise CommandError(f"there is no deck {o['deck']!r}; the decks are: {', '.join(sorted(app.catalogue.decks))}")
    pile = loaded.state.decks[deck.id]
    names = {c.id: c.name for c in deck.cards}
    top = pile.draw[: o["count"]]
    lines = [f"{deck.name}, top to bottom ({len(pile.draw)} cards; showing {len(top)}):"]
    lines += [f"{i + 1}. {names[c]} `{c}`" for i, c in enumerate(top)]
    if pile.discard:
        lines.append("Discard pile: " + ", ".join(names[c] for c in pile.discard))
    return Reply(
        text="\n".join(lines),
        ephemeral=True,
        data={"deck": deck.id, "draw": pile.draw, "discard": pile.discard, "held": pile.held, "removed": pile.removed},
    )


def _deck(required: bool = True) -> Option:
    return Option("deck", "string", "which deck", required=required, autocomplete="deck")


def _card() -> Option:
    return Option("card", "string", "the card's id", required=True, autocomplete="card")


def register(r: Registry) -> None:
    r.describe_group("deck", "The Mortis, Judicium and Condition decks")
    r.add(
        Command(
            ("deck", "draw"),
            "Draw cards from a deck (Mortis to the bottom, Judicium shuffled back)",
            draw,
            (
                _deck(),
                Option("count", "integer", "how many cards", default=1, min_value=1, max_value=10),
                Option("bottom", "boolean", "draw from the bottom instead of the top", default=False),
                Option(
                    "vigor",
                    "integer",
                    "Judicium: the negative Vigor reached (adds Massive Peril cards)",
                    min_value=-99,
                    max_value=0,
                ),
                Option("card", "string", "GM, table dice: the card the table drew from its own deck",
                       autocomplete="card"),
            ),
        )
    )
    r.add(Command(("deck", "shuffle"), "Shuffle a deck together with its discard pile", shuffle, (_deck(),)))
    r.add(
        Command(
            ("deck", "peek"),
            "GM: look at a deck from top to bottom without changing it",
            peek,
            (
                _deck(),
                Option("count", "integer", "how many cards from the top", default=50, min_value=1, max_value=200),
            ),
            permission="gm",
        )
    )
    r.add(
        Command(
            ("deck", "search"),
            "Search the deck, then its discard pile, for a card and take it",
            search,
            (_deck(), _card()),
        )
    )
    r.add(
        Command(
            ("deck", "return"),
            "Put a card back: on top, at the bottom, discarded or shuffled in",
            put_back,
            (
                _deck(),
                _card(),
                Option(
                    "to", "string", "where it goes", default="bottom", choices=("top", "bottom", "discard", "shuffle")
                ),
            ),
        )
    )
    r.add(Command(("deck", "remove"), "Remove a card from the game (archive it)", remove, (_deck(), _card())))
