"""The progress bar used when the caller passes none (the commands pass tqdm's)."""


class _NoProgress:
    def __init__(self, **_):
        pass

    def update(self, n=1):
        pass

    def close(self):
        pass


def no_progress(**kwargs):
    return _NoProgress(**kwargs)
