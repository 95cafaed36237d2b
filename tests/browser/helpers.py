"""Reading and driving calculator forms the way a person would."""

from __future__ import annotations

import json

SETTLED = """form => !form.hasAttribute('aria-busy')
    && (form.dataset.state === 'ready' || form.dataset.state === 'error')"""
OUTPUTS = """form => Object.fromEntries([...form.querySelectorAll('[data-output]')]
    .map(el => [el.dataset.output, [el.dataset.value, el.textContent]]))"""


def calculator(page, calc_id: str):
    return page.locator(f'form[data-calculator="{calc_id}"]').first


def wait_settled(form, timeout: float = 60_000):
    """The newest request has been answered (a result or an input error is shown)."""
    form.page.wait_for_function(SETTLED, arg=form.element_handle(), timeout=timeout)


def wait_live(page, timeout: float = 60_000):
    """Every calculator on the page has left the static and loading states."""
    page.wait_for_function(
        "() => [...document.querySelectorAll('form[data-calculator]')].every(f => "
        "f.dataset.state === 'ready' || f.dataset.state === 'error')", timeout=timeout)


def set_input(form, spec: dict, text: str):
    field = form.locator(f'[name="{spec["name"]}"]')
    if spec["kind"] == "bool":
        field.set_checked(text == "true")
    elif spec["kind"] == "choice":
        field.select_option(text)
    else:
        field.fill(text)


def shown_outputs(form) -> dict:
    """{name: (exact value, text)} as the page shows them."""
    return {name: (json.loads(value), text) for name, (value, text) in form.evaluate(OUTPUTS).items()}


def shown_steps(form) -> list[str]:
    return form.locator("[data-steps] li .rc-step").all_text_contents()


def expected_outputs(answer: dict) -> dict:
    return {name: (shown["value"], shown["text"]) for name, shown in answer["outputs"].items()}
