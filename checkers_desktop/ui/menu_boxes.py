"""Menu items that can be ticked on their own (Voice > Continuous listening) show their box
when unticked, in every theme: the style draws it in the menu's own background colour with an
edge a little darker, which on a dark theme's black menus is nothing at all, so an unticked
item looked like a plain command. :class:`MenuBoxStyle` draws the box's edge in the menu's text
colour, 2 pixels wide, after the style has drawn the box."""

from __future__ import annotations

from typing import Iterable

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter, QPen
from PySide6.QtWidgets import QMenu, QProxyStyle, QStyle

from .menu_walk import every_menu

__all__ = ["MenuBoxStyle", "install_menu_boxes"]


class MenuBoxStyle(QProxyStyle):
    """The application's style, with the check boxes of menus edged in the text colour."""

    def drawPrimitive(self, element, option, painter: QPainter, widget=None) -> None:  # noqa: N802
        super().drawPrimitive(element, option, painter, widget)
        if element == QStyle.PrimitiveElement.PE_IndicatorCheckBox and isinstance(widget, QMenu):
            painter.save()
            pen = QPen(option.palette.color(option.palette.ColorRole.Text))
            pen.setWidthF(2.0)
            painter.setPen(pen)
            painter.setBrush(option.palette.color(option.palette.ColorRole.Base)
                             if not option.state & QStyle.StateFlag.State_On else
                             painter.brush())
            rect = QRectF(option.rect).adjusted(1, 1, -1, -1)
            painter.drawRect(rect)
            painter.restore()
            if option.state & QStyle.StateFlag.State_On:
                super().drawPrimitive(QStyle.PrimitiveElement.PE_IndicatorMenuCheckMark, option,
                                      painter, widget)


def install_menu_boxes(menus: Iterable[QMenu]) -> MenuBoxStyle:
    """Give ``menus`` and their submenus :class:`MenuBoxStyle`; returns it (keep it alive as
    long as the menus)."""
    style = MenuBoxStyle()
    for menu in every_menu(menus):
        menu.setStyle(style)
    return style
