#!/usr/bin/env python3
"""Checks that a chart exported as SVG (File > Export > Chart) shows a capture's flow with points.

A capture's flow is named after the capture ("Mitschnitt #1", "Mitschnitt #1 · Fluss 2"; its
addresses are its tooltip); the workbench's runs are named "#1". In the
SVG, a legend entry is its colour box followed by its label, and a series is a line stroked in
that colour. Passes when some entry whose label holds PREFIX (Mitschnitt by default) has a line of
its colour with at least MIN_POINTS points (2 by default: a line is drawn; how many points the SVG
holds depends on how Qt splits the path, 4 in one clean-clone run and 10 in another of the same
step).
Usage: chart_shows_capture.py FILE.svg [PREFIX] [MIN_POINTS]
"""

import re
import sys
import xml.etree.ElementTree as ET

NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:[eE]-?\d+)?")


def local(tag):
    return tag.rsplit("}", 1)[-1]


def painted(root):
    """Each drawn element in document order: (kind, fill, stroke, points, text). A line is one
    element however Qt wrote it: a path, or a group of two-point polylines (one per segment)."""
    parents = {child: parent for parent in root.iter() for child in parent}

    def inherited(element, name):
        while element is not None:
            value = element.get(name)
            if value is not None:
                return value.lower()
            element = parents.get(element)
        return None

    def pairs(element):
        return len(NUMBER.findall(element.get("d") or element.get("points") or "")) // 2

    out = []
    for element in root.iter():
        kind = local(element.tag)
        fill = inherited(element, "fill")
        stroke = inherited(element, "stroke")
        if kind == "g":
            segments = [pairs(child) for child in element if local(child.tag) == "polyline"]
            if segments:  # joined segments share their ends
                out.append(("polyline", "none", stroke, sum(segments) - (len(segments) - 1), ""))
        elif kind in ("path", "rect"):
            out.append((kind, fill, stroke, pairs(element), ""))
        elif kind == "text":
            out.append((kind, fill, stroke, 0, "".join(element.itertext())))
    return out


def colourful(value):
    """A series colour: not none, not black, white or grey."""
    if not value or not value.startswith("#") or len(value) != 7:
        return False
    r, g, b = (int(value[i:i + 2], 16) for i in (1, 3, 5))
    return max(r, g, b) - min(r, g, b) > 24


def main():
    path = sys.argv[1]
    prefix = sys.argv[2] if len(sys.argv) > 2 else "Mitschnitt"
    min_points = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    items = painted(ET.parse(path).getroot())
    labels = [i for i, item in enumerate(items) if item[0] == "text" and prefix in item[4]]
    if not labels:
        texts = sorted({item[4] for item in items if item[0] == "text" and item[4].strip()})
        print(f"no legend entry names an address starting {prefix}; texts: {texts}")
        return 1
    for i in labels:
        # The entry's colour box: the nearest coloured shape drawn before its label.
        colour = next((items[j][1] for j in range(i - 1, max(-1, i - 6), -1)
                       if items[j][0] in ("rect", "path") and colourful(items[j][1])), None)
        if colour is None:
            continue
        lines = [item[3] for item in items
                 if item[0] in ("path", "polyline") and item[2] == colour and item[1] in (None, "none")]
        if lines and max(lines) >= min_points:
            print(f"'{items[i][4]}': a line in {colour} with {max(lines)} points")
            return 0
        print(f"'{items[i][4]}' ({colour}): lines with {lines} points")
    print(f"no line of a capture's flow has {min_points} points or more")
    return 1


if __name__ == "__main__":
    sys.exit(main())
