"""What a newcomer checks of a panel of widgets: everything inside it, nothing overlapping,
every drop-down's choices whole."""
from __future__ import annotations

import itertools

from pygame_gui.elements import UIDropDownMenu


def widgets_fit(panel, where: str) -> list:
    """Assert that ``panel``'s visible widgets lie inside it, apart, and that every choice of
    every drop-down shows whole (``where`` names the case in a failure); return the widgets."""
    inside = panel.get_container().get_rect()
    widgets = [e for e in panel.get_container().elements if e.visible]
    for widget in widgets:
        assert inside.contains(widget.rect), f"{where}: {widget} leaves the panel"
    for a, b in itertools.combinations(widgets, 2):
        assert not a.rect.colliderect(b.rect), f"{where}: {a} overlaps {b}"
    for menu in (w for w in widgets if isinstance(w, UIDropDownMenu)):
        shown_in = menu.current_state.selected_option_button
        widest = max(shown_in.font.size(text)[0] for text, _ in menu.options_list)
        assert widest <= menu.rect.width - 28, f"{where}: a choice of {menu} is cut off"
    return widgets
