"""A small min-cost flow (successive shortest paths): placing cubes on plants is a transportation
problem, so it is solved exactly in polynomial time instead of by searching layouts."""
from collections import deque


class Network:
    def __init__(self):
        self.ids = {}                       # node key -> number
        self.out = []                       # node number -> ids of the arcs leaving it
        self.head, self.cap, self.cost = [], [], []

    def _node(self, key) -> int:
        if key not in self.ids:
            self.ids[key] = len(self.out)
            self.out.append([])
        return self.ids[key]

    def arc(self, u, v, cap: int, cost: int = 0) -> int:
        """Add an arc and its residual twin; the id reads the arc's flow back with flow()."""
        u, v = self._node(u), self._node(v)
        for a, b, c, w in ((u, v, cap, cost), (v, u, 0, -cost)):
            self.out[a].append(len(self.head))
            self.head.append(b)
            self.cap.append(c)
            self.cost.append(w)
        return len(self.head) - 2

    def flow(self, arc: int) -> int:
        return self.cap[arc ^ 1]

    def run(self, source, sink) -> None:
        """Push the most flow from source to sink at the least cost (arcs may cost less than 0 as
        long as no cycle of arcs does)."""
        if source not in self.ids or sink not in self.ids:
            return
        s, t = self.ids[source], self.ids[sink]
        head, cap, cost, out = self.head, self.cap, self.cost, self.out
        n = len(out)
        while True:
            dist, back, queued = [None] * n, [-1] * n, [False] * n
            dist[s] = 0
            todo = deque([s])
            while todo:
                u = todo.popleft()
                queued[u] = False
                du = dist[u]
                for a in out[u]:
                    if cap[a]:
                        v = head[a]
                        if dist[v] is None or du + cost[a] < dist[v]:
                            dist[v] = du + cost[a]
                            back[v] = a
                            if not queued[v]:
                                queued[v] = True
                                todo.append(v)
            if dist[t] is None:
                return
            path, v = [], t
            while v != s:
                path.append(back[v])
                v = head[back[v] ^ 1]
            push = min(cap[a] for a in path)
            for a in path:
                cap[a] -= push
                cap[a ^ 1] += push
