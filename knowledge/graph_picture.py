"""Layout of the article page's citation picture (rendered as inline SVG by a template, no JavaScript).

The article sits in the centre as a pill; the articles that cite it are a column on the left with
arrows pointing in, the articles it cites (and the laws it names without an article) a column on
the right with arrows pointing out. Columns bow outwards along an ellipse; colour says which law
a node belongs to (the article's own law in the brand colour). Every node links to its page.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from django.urls import NoReverseMatch, reverse

from knowledge import graph as citation_graph
from knowledge.lawnames import short_name

WIDTH = 880
ROW = 34
NODE_R = 9
RX = 235
LABEL_CHARS = 13
OWN_COLOUR = "#8c1c13"
PALETTE = ("#2563eb", "#059669", "#d97706", "#7c3aed", "#db2777", "#0891b2", "#65a30d", "#b45309", "#475569")


@dataclass
class PictureNode:
    x: float
    y: float
    label: str
    title: str
    url: str
    colour: str
    side: str  # left | right
    kind: str  # article | law
    label_x: float
    anchor: str
    dashed: bool = False

    @property
    def box_x(self) -> float:
        return round(self.x - 8, 1)

    @property
    def box_y(self) -> float:
        return round(self.y - 8, 1)


@dataclass
class LegendEntry:
    colour: str
    name: str
    x: float

    @property
    def text_x(self) -> float:
        return self.x + 10


@dataclass
class PictureEdge:
    path: str
    colour: str
    dashed: bool
    marker_start: bool
    marker_end: bool


@dataclass
class Picture:
    width: int
    height: int
    cx: float
    cy: float
    centre_label: str
    centre_title: str
    centre_width: float
    centre_colour: str
    nodes: list[PictureNode]
    edges: list[PictureEdge]
    legend: list[LegendEntry] = field(default_factory=list)
    left_title: str = ""
    right_title: str = ""
    more_left: int = 0
    more_right: int = 0
    empty: bool = False
    article_id: int = 0
    listing: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    @property
    def right_x(self) -> int:
        return self.width - 16

    @property
    def legend_y(self) -> int:
        return self.height - 14

    @property
    def more_y(self) -> int:
        return self.height - 40

    @property
    def centre_x0(self) -> float:
        return round(self.cx - self.centre_width / 2, 1)

    @property
    def centre_y0(self) -> float:
        return round(self.cy - 20, 1)


def _short(text: str, limit: int = LABEL_CHARS) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _law_url(law_id: int) -> str:
    try:
        return reverse("knowledge:law", args=[law_id])
    except NoReverseMatch:
        return ""


def _column(count: int, cy: float, ry: float) -> list[tuple[float, float]]:
    """(dx, y) for ``count`` nodes: evenly spaced rows, pushed out along an ellipse."""
    out = []
    for i in range(count):
        y = cy + (i - (count - 1) / 2) * ROW
        t = min(1.0, abs(y - cy) / ry) if ry else 0.0
        out.append((RX * math.sqrt(max(0.25, 1 - t * t)), y))
    return out


def article_picture(*, article_id: int, limit: int = 12) -> Picture:
    """The layout for one article (raises GraphNodeNotFound for an unknown id)."""
    view = citation_graph.article_citation_view(article_id=article_id, limit=limit)
    graph = citation_graph.citation_graph()
    centre = view["centre"]
    node_id = citation_graph.article_node(article_id)
    mentions = [citation_graph.node_info(graph, v) for v in graph.successors(node_id)
                if graph[node_id][v]["kind"] == citation_graph.MENTIONS][:limit]
    left, right = view["cited_by"], [*view["cites"], *mentions]
    rows = max(len(left), len(right), 1)
    height = max(200, rows * ROW + 110)
    cx, cy = WIDTH / 2, height / 2 + 12
    ry = max(rows * ROW / 2 + ROW, 60)

    colours: dict[int, str] = {centre["law_id"]: OWN_COLOUR}
    legend_laws: dict[int, str] = {centre["law_id"]: short_name(centre["law"])}
    for info in [*left, *right]:
        if info["law_id"] not in colours:
            colours[info["law_id"]] = PALETTE[(len(colours) - 1) % len(PALETTE)]
            legend_laws[info["law_id"]] = short_name(info["law"])

    centre_label = f"{short_name(centre['law'])} {centre['article_label']}"
    centre_width = max(120.0, len(centre_label) * 14.5 + 28)
    half = centre_width / 2
    mutual = set(view["mutual"])
    nodes: list[PictureNode] = []
    edges: list[PictureEdge] = []
    for side, items in (("left", left), ("right", right)):
        sign = -1 if side == "left" else 1
        for info, (dx, y) in zip(items, _column(len(items), cy, ry), strict=True):
            x = cx + sign * dx
            colour = colours[info["law_id"]]
            same_law = info["law_id"] == centre["law_id"]
            if info["kind"] == "law":
                label, title, url = f"《{_short(info['short'], LABEL_CHARS - 2)}》", f"提及《{info['law']}》", \
                    _law_url(info["law_id"])
            else:
                text = info["article_label"] if same_law else f"{short_name(info['law'])}{info['article_label']}"
                label, title, url = _short(text), info["label"], info.get("url", "")
            is_mutual = info.get("article_id") in mutual
            dashed = info.get("via") == "previous"
            nodes.append(PictureNode(
                x=round(x, 1), y=round(y, 1), label=label, title=title, url=url, colour=colour, side=side,
                kind=info["kind"], label_x=round(x + sign * (NODE_R + 7), 1), anchor="start" if sign > 0 else "end",
                dashed=dashed))
            # A cubic curve from the node to the pill's side; arrows show who cites whom.
            x1, x2 = x - sign * (NODE_R + 2), cx + sign * (half + 2)
            y2 = cy + max(-12.0, min(12.0, (y - cy) * 0.12))  # fan in along the pill's side
            bend = (x1 - x2) * 0.5
            path = f"M{x1:.1f},{y:.1f} C{x1 - bend:.1f},{y:.1f} {x2 + bend:.1f},{y2:.1f} {x2:.1f},{y2:.1f}"
            edges.append(PictureEdge(
                path=path, colour=colour, dashed=dashed or info["kind"] == "law",
                marker_start=side == "right" or is_mutual, marker_end=side == "left" or is_mutual))
    legend: list[LegendEntry] = []
    lx = 22.0
    for law_id, name in legend_laws.items():
        legend.append(LegendEntry(colours[law_id], _short(name, 16), lx))
        lx += 26 + len(_short(name, 16)) * 13
        if lx > WIDTH - 120:
            break
    totals = view["totals"]
    return Picture(
        width=WIDTH, height=height, cx=cx, cy=cy, centre_label=centre_label, centre_title=centre["label"],
        centre_width=round(centre_width, 1), centre_colour=OWN_COLOUR, nodes=nodes, edges=edges, legend=legend,
        left_title=f"引用本条的条文（{totals['cited_by']}）",
        right_title=f"本条引用的条文（{totals['cites']}）" + (f" · 提及法律（{len(mentions)}）" if mentions else ""),
        more_left=max(0, totals["cited_by"] - len(left)), more_right=max(0, totals["cites"] - len(view["cites"])),
        empty=not left and not right, article_id=article_id,
        listing={"cited_by": left, "cites": view["cites"], "mentions": mentions},
    )
