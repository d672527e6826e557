"""Moving a campaign to the current edition of the starter pack (content/editions.py; docs/campaign.md)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from content import editions
from rules.campaign.facts import CampaignEditionMoved
from rules.dice import Dice
from rules.engine import Engine, Event, Result, edition_of, handles
from rules.errors import RuleError
from rules.state import CampaignState


class ContentEditionUpgrade(BaseModel):
    """The GM moves the campaign to an edition of the starter pack (the current one when the command is typed)."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["content_edition"] = "content_edition"
    edition: int = Field(ge=1, le=1000)


def edition_status(state: CampaignState) -> dict[str, int]:
    return {"content_edition": edition_of(state), "current_edition": editions.CURRENT_EDITION}


@handles(ContentEditionUpgrade)
def upgrade(engine: Engine, state: CampaignState, act: ContentEditionUpgrade, dice: Dice) -> Result:
    now = edition_of(state)
    if act.edition not in editions.known():
        raise RuleError(f"there is no edition {act.edition} of the starter pack; this release has "
                        + ", ".join(str(e) for e in editions.known()))
    if act.edition <= now:
        raise RuleError(f"the campaign already plays edition {now} of the starter pack; it can only move to a later "
                        "one")
    busy = [what for what, on in (("a Clash", state.clash), ("a Delve", state.delve)) if on is not None]
    if busy:
        raise RuleError(f"{' and '.join(busy)} is under way; move to a new edition between Expeditions, when the "
                        "content in play cannot change under the table")
    state.content_edition = act.edition
    return Result(state=state, events=[Event(kind="gm", fact=CampaignEditionMoved(edition=act.edition, previous=now))],
                  data={"content_edition": act.edition, "previous_edition": now})
