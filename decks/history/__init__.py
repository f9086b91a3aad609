"""A deck's history: the snapshot each save leaves, diffs and comparisons, their API and pages."""
