"""A stand-in for the official's one form (``Interaction.ask_form``) in tests: it records each
form asked, types the PIN (checked by the form's own ``check``, as the dialog does), picks the
options and types the texts it is told, and confirms."""

from __future__ import annotations

from typing import Callable, Optional

from checkers_desktop.ui.interaction import FormAnswer, FormChoice, FormRequest


class FormFiller:
    """``desk.ask_form = FormFiller(pin="5150")``. ``choose(choice) -> int`` picks an option of
    each :class:`FormChoice` (default: the one chosen as the form opens; ``pick`` is a text the
    option must contain); ``text`` is typed in each text field. With ``pin`` None a form that
    asks the PIN is cancelled, as a player without it would. ``forms`` keeps every request;
    ``outcomes`` the outcome each stated when confirmed."""

    def __init__(self, pin: Optional[str] = None, *, official: str = "",
                 pick: str = "", choose: Optional[Callable[[FormChoice], int]] = None,
                 text: str = "a reason") -> None:
        self.pin = pin
        self.official = official
        self.pick = pick
        self.choose = choose
        self.text = text
        self.forms: list[FormRequest] = []
        self.outcomes: list[str] = []

    def _option(self, choice: FormChoice) -> int:
        if self.choose is not None:
            return self.choose(choice)
        if self.pick:
            found = [i for i, option in enumerate(choice.options) if self.pick in option]
            if found:
                return found[0]
        return choice.current

    def __call__(self, request: FormRequest) -> Optional[FormAnswer]:
        self.forms.append(request)
        official = self.official or request.official
        if request.pin_action is not None:
            if self.pin is None:
                return None
            assert request.check is not None
            if not getattr(request.check(self.pin, official), "ok", False):
                return None
        values = tuple(self._option(f) if isinstance(f, FormChoice) else self.text
                       for f in request.fields)
        self.outcomes.append(request.outcome(values))
        return FormAnswer(values, official)


def through_the_desks_fakes(desk) -> Callable[[FormRequest], Optional[FormAnswer]]:
    """A form answered by the desk's own fakes, for tests about something else: the PIN by
    ``desk.ask_pin(action, official, check)``, each choice by ``desk.choose(title, label,
    options)`` (default: the option chosen as the form opens), each text by
    ``desk.ask_text(title, label)`` (default ""), then ``desk.confirm(outcome)``."""
    def ask_form(request: FormRequest) -> Optional[FormAnswer]:
        official = request.official
        if request.pin_action is not None:
            name = desk.ask_pin(request.pin_action, request.official, request.check)
            if name is None:
                return None
            official = name
        values: list = []
        for f in request.fields:
            if isinstance(f, FormChoice):
                choose = getattr(desk, "choose", None)
                index = f.current if choose is None else choose(request.title, f.name,
                                                                list(f.options))
                if index is None:
                    return None
                values.append(index)
            else:
                ask_text = getattr(desk, "ask_text", None)
                text = "" if ask_text is None else ask_text(request.title, f.name)
                if text is None:
                    return None
                values.append(text)
        if not desk.confirm(request.outcome(tuple(values))):
            return None
        return FormAnswer(tuple(values), official)
    return ask_form
