"""The one exception the rules raise for an action that cannot be applied to this state."""


class RuleError(ValueError):
    """The action is not legal here. The message is shown to the player as it is: say what was
    wrong and what would be right."""
