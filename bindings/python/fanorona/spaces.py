"""Gymnasium-style spaces for the environments.

Where gymnasium is installed these are gymnasium.spaces' own classes; otherwise small classes
of the same names and behavior (shape, dtype, ``contains``, ``sample(mask=...)``, ``seed``,
equality, pickling) for the parts the environments use: Discrete, MultiDiscrete, Box, Dict.
``GYMNASIUM`` says which.
"""
import numpy as np

try:  # pragma: no cover - depends on what is installed
    from gymnasium.spaces import Box, Dict, Discrete, MultiDiscrete, Space

    GYMNASIUM = True
except ImportError:
    GYMNASIUM = False

    class Space:
        """A set of values with a shape and dtype that can be sampled from a seeded stream."""

        def __init__(self, shape=None, dtype=None, seed=None):
            self._shape = None if shape is None else tuple(shape)
            self.dtype = None if dtype is None else np.dtype(dtype)
            self._np_random = None
            if seed is not None:
                self.seed(seed)

        @property
        def shape(self):
            """The shape of a value."""
            return self._shape

        @property
        def np_random(self):
            """The space's random generator (seeded from the system on first use)."""
            if self._np_random is None:
                self.seed()
            return self._np_random

        def seed(self, seed=None):
            """Seeds the sampling stream; returns a list holding the seed given."""
            self._np_random = np.random.default_rng(seed)
            return [seed]

        def __contains__(self, x):
            return self.contains(x)

    class Discrete(Space):
        """The integers start .. start + n - 1."""

        def __init__(self, n, seed=None, start=0):
            self.n = np.int64(n)
            self.start = np.int64(start)
            super().__init__((), np.int64, seed)

        def sample(self, mask=None):
            """A uniform value, or a uniform one among those whose mask entry (int8) is 1."""
            if mask is None:
                return self.start + np.int64(self.np_random.integers(self.n))
            mask = np.asarray(mask)
            if mask.dtype != np.int8 or mask.shape != (self.n,):
                raise ValueError(f"the mask is an int8 array of shape ({self.n},)")
            allowed = np.flatnonzero(mask == 1)
            if len(allowed) == 0:
                return self.start
            return self.start + np.int64(self.np_random.choice(allowed))

        def contains(self, x):
            if isinstance(x, (bool, np.bool_)):
                return False
            if isinstance(x, (int, np.integer)):
                return bool(self.start <= x < self.start + self.n)
            if isinstance(x, np.ndarray) and x.shape == () and np.issubdtype(x.dtype, np.integer):
                return bool(self.start <= x < self.start + self.n)
            return False

        def __eq__(self, other):
            return isinstance(other, Discrete) and self.n == other.n and self.start == other.start

        def __repr__(self):
            return f"Discrete({self.n})" if self.start == 0 else f"Discrete({self.n}, start={self.start})"

    class MultiDiscrete(Space):
        """One Discrete(n) value per entry of `nvec`."""

        def __init__(self, nvec, dtype=np.int64, seed=None):
            self.nvec = np.asarray(nvec, dtype=dtype)
            super().__init__(self.nvec.shape, dtype, seed)

        def sample(self, mask=None):
            """A uniform value per entry, or one among each entry's mask (a tuple of int8 arrays)."""
            if mask is None:
                return (self.np_random.random(self.nvec.shape) * self.nvec).astype(self.dtype)
            out = np.zeros(self.shape, dtype=self.dtype)
            for i, entry in enumerate(mask):
                allowed = np.flatnonzero(np.asarray(entry) == 1)
                if len(allowed):
                    out[i] = self.np_random.choice(allowed)
            return out

        def contains(self, x):
            x = np.asarray(x)
            return (x.shape == self.shape and np.issubdtype(x.dtype, np.integer)
                    and bool(np.all((x >= 0) & (x < self.nvec))))

        def __eq__(self, other):
            return isinstance(other, MultiDiscrete) and np.array_equal(self.nvec, other.nvec)

        def __repr__(self):
            return f"MultiDiscrete({self.nvec})"

    class Box(Space):
        """Arrays of a shape and dtype with every entry in [low, high]."""

        def __init__(self, low, high, shape=None, dtype=np.float32, seed=None):
            dtype = np.dtype(dtype)
            if shape is None:
                shape = np.broadcast(np.asarray(low), np.asarray(high)).shape
            self.low = np.full(shape, low, dtype=dtype)
            self.high = np.full(shape, high, dtype=dtype)
            super().__init__(shape, dtype, seed)

        def sample(self, mask=None):
            """A uniform array (integers drawn among the whole values in range)."""
            if mask is not None:
                raise ValueError("a Box is sampled without a mask")
            if np.issubdtype(self.dtype, np.integer):
                return self.np_random.integers(self.low, self.high, endpoint=True).astype(self.dtype)
            return self.np_random.uniform(self.low, self.high).astype(self.dtype)

        def contains(self, x):
            if not isinstance(x, np.ndarray):
                try:
                    x = np.asarray(x, dtype=self.dtype)
                except (TypeError, ValueError):
                    return False
            return bool(np.can_cast(x.dtype, self.dtype) and x.shape == self.shape
                        and np.all(x >= self.low) and np.all(x <= self.high))

        def __eq__(self, other):
            return (isinstance(other, Box) and self.shape == other.shape and self.dtype == other.dtype
                    and np.array_equal(self.low, other.low) and np.array_equal(self.high, other.high))

        def __repr__(self):
            return f"Box({self.low.min()}, {self.high.max()}, {self.shape}, {self.dtype})"

    class Dict(Space):
        """A dict of named spaces; a value is a dict with a value of each."""

        def __init__(self, spaces, seed=None):
            self.spaces = dict(spaces)
            super().__init__(None, None, seed)

        def seed(self, seed=None):
            seeds = [seed]
            rng = np.random.default_rng(seed)
            self._np_random = rng
            for space in self.spaces.values():
                seeds += space.seed(int(rng.integers(2 ** 63)))
            return seeds

        def sample(self, mask=None):
            return {k: s.sample(None if mask is None else mask[k]) for k, s in self.spaces.items()}

        def contains(self, x):
            return (isinstance(x, dict) and x.keys() == self.spaces.keys()
                    and all(s.contains(x[k]) for k, s in self.spaces.items()))

        def __getitem__(self, key):
            return self.spaces[key]

        def keys(self):
            return self.spaces.keys()

        def __eq__(self, other):
            return isinstance(other, Dict) and self.spaces == other.spaces

        def __repr__(self):
            return "Dict(" + ", ".join(f"{k!r}: {s}" for k, s in self.spaces.items()) + ")"

__all__ = ["Space", "Discrete", "MultiDiscrete", "Box", "Dict", "GYMNASIUM"]
