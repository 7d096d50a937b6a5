"""The project's files as they were at a git revision, read without running git.

A game folder from a stranger may ship its .git, whose config names commands git runs (filters,
fsmonitor, hooks, pagers, textconv). So pnp runs no git: it reads the revision's objects with
dulwich, from files it opens itself with no link followed, in a git folder inside the project
(or the work tree enclosing it), every object's size checked before anything is inflated. It
reads no config, no attributes, no index, no alternates: a blob is written as it is stored.
"""

from pnp.gitrevision.revision import tree_at

__all__ = ["tree_at"]
