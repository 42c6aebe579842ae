#!/usr/bin/env python3
"""Draws the graph the shipped Aztlán map is reconstructed on: 30 land cells and a few lake cells
scattered in a disc, neighbours = Delaunay triangulation (cells that share a border), lake cells
removed (territories touching only across a lake are not adjacent). Types are placeholders; `tlaloc
aztlan reconstruct` assigns them. Usage: make_board.py SEED > board.json"""
import itertools, json, math, random, sys

def delaunay(points):
    # Bowyer-Watson: add points one by one, re-triangulate the cavity of broken circumcircles.
    big = [(-1e4, -1e4), (1e4, -1e4), (0, 1e4)]
    pts = list(points) + big
    n = len(points)
    tris = [(n, n + 1, n + 2)]
    def circum(t):
        (ax, ay), (bx, by), (cx, cy) = (pts[i] for i in t)
        d = 2 * (ax * (by - cy) + bx * (cy - ay) + cx * (ay - by))
        ux = ((ax*ax + ay*ay) * (by - cy) + (bx*bx + by*by) * (cy - ay) + (cx*cx + cy*cy) * (ay - by)) / d
        uy = ((ax*ax + ay*ay) * (cx - bx) + (bx*bx + by*by) * (ax - cx) + (cx*cx + cy*cy) * (bx - ax)) / d
        return ux, uy, (ax - ux) ** 2 + (ay - uy) ** 2
    for i in range(n):
        px, py = pts[i]
        bad = [t for t in tris if (lambda c: (px - c[0]) ** 2 + (py - c[1]) ** 2 < c[2])(circum(t))]
        edges = {}
        for t in bad:
            for e in ((t[0], t[1]), (t[1], t[2]), (t[2], t[0])):
                k = tuple(sorted(e))
                edges[k] = edges.get(k, 0) + 1
        tris = [t for t in tris if t not in bad]
        tris += [(a, b, i) for (a, b), c in edges.items() if c == 1]
    return [t for t in tris if max(t) < n]

def board(seed, land=30, lakes=4):
    rng = random.Random(seed)
    pts = []
    while len(pts) < land + lakes:
        r, a = math.sqrt(rng.random()), rng.random() * 2 * math.pi
        p = (r * math.cos(a), r * math.sin(a))
        if all((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 > 0.03 for q in pts):
            pts.append(p)
    # Lakes: the cells nearest the centre and a few others (indexes land..land+lakes-1).
    order = sorted(range(len(pts)), key=lambda i: pts[i][0] ** 2 + pts[i][1] ** 2)
    lake_cells = set(order[:1]) | set(rng.sample(order[1:], lakes - 1))
    land_cells = [i for i in range(len(pts)) if i not in lake_cells]
    name = {c: "T%02d" % (k + 1) for k, c in enumerate(land_cells)}
    lake_name = {c: "L%d" % (k + 1) for k, c in enumerate(sorted(lake_cells, key=lambda i: order.index(i)))}
    nb = {c: set() for c in range(len(pts))}
    for t in delaunay(pts):
        for a, b in itertools.combinations(t, 2):
            # Drop sliver borders on the rim (long chords of the disc are not real borders).
            if math.dist(pts[a], pts[b]) < 0.75:
                nb[a].add(b); nb[b].add(a)
    terr = []
    for c in land_cells:
        terr.append({"id": name[c], "type": "jungle",
                     "neighbors": sorted(name[d] for d in nb[c] if d in name),
                     "lakes": sorted(lake_name[d] for d in nb[c] if d in lake_name)})
    for t in terr:
        if not t["lakes"]: del t["lakes"]
    return {"id": "aztlan", "territories": terr}

if __name__ == "__main__":
    print(json.dumps(board(int(sys.argv[1]) if len(sys.argv) > 1 else 1), indent=1))
