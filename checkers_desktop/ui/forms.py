"""What an official's one-form action asks and what it answers, as data (no Qt):
:class:`FormRequest` (its fields: :class:`FormChoice`, :class:`FormText`) and
:class:`FormAnswer`. ``ui/interaction.py`` asks a request (``Interaction.ask_form``) and
``ui/event/action_form.py`` draws it; both import these from here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional, Union

__all__ = ["FormChoice", "FormText", "FormValue", "FormRequest", "FormAnswer"]


@dataclass(frozen=True)
class FormChoice:
    """A choice in a form: a drop-down list named ``name`` (its label and accessible name) of
    ``options``, ``current`` chosen first."""

    name: str
    options: tuple[str, ...]
    current: int = 0


@dataclass(frozen=True)
class FormText:
    """A line of text in a form, named ``name``, starting with ``text``. ``required``: the
    sentence shown and said when it is confirmed empty (the form then stays open, the focus
    on it); empty: it may be left empty."""

    name: str
    text: str = ""
    required: str = ""


FormValue = Union[int, str]
"""A field's value: the index of the option chosen (:class:`FormChoice`) or the text typed
(:class:`FormText`)."""


@dataclass(frozen=True)
class FormRequest:
    """One form for one official's action. ``prompt`` is said once when it opens; ``fields``
    come after the PIN field in the Tab order, then the official's name, then ``confirm`` (the
    button's label); ``outcome(values)`` states in words what confirming does with the
    ``values`` of the fields (one per field, in order), shown and given to the confirm button
    as its description. ``pin_action``: the action's kind when the official's PIN is asked
    (None: no PIN field); ``check(pin, name) -> UnlockResult`` (``OfficialGate.unlock``)
    decides it, and a wrong PIN keeps the form open."""

    title: str
    prompt: str
    confirm: str
    outcome: Callable[[tuple[FormValue, ...]], str]
    fields: tuple[Union[FormChoice, FormText], ...] = ()
    pin_action: Optional[str] = None
    official: str = ""
    check: Optional[Callable[[str, str], object]] = None
    act: Optional[Callable[["FormAnswer"], object]] = None
    """Does what was confirmed, before the form closes (so that a question it leads to opens
    over the form, the focus going from one to the other); None: the caller does it once the
    answer is returned."""

    def initial(self) -> tuple[FormValue, ...]:
        """The fields' values as the form opens."""
        return tuple(f.current if isinstance(f, FormChoice) else f.text for f in self.fields)


@dataclass(frozen=True)
class FormAnswer:
    """What the official confirmed: ``values`` (one per field) and ``official`` (the name
    given with the PIN)."""

    values: tuple[FormValue, ...] = field(default=())
    official: str = ""
