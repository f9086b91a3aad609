"""A deck: saving and its bounds, versions, the builder's and the deck's pages, its API, exports, statistics and charts."""
