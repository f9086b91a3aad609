"""The open jobs a user may have at once (cardsdb/api/jobs.py): MAX_OPEN_JOBS - 1 open lets one more in, then
the next is refused; finished jobs do not count."""

import pytest

from cardsdb.api import jobs as jobs_api
from cardsdb.api.errors import ApiError
from cardsdb.models import Job


def _jobs(user, n: int, status: str) -> None:
    Job.objects.bulk_create(Job(kind="legality-batch", owner=user, status=status) for _ in range(n))


def test_a_user_may_have_max_open_jobs_one_more_is_refused(user):
    _jobs(user, 5, Job.Status.DONE)
    _jobs(user, jobs_api.MAX_OPEN_JOBS - 2, Job.Status.QUEUED)
    _jobs(user, 1, Job.Status.RUNNING)
    # MAX_OPEN_JOBS - 1 open: room for one more (queued; in the test's transaction its runner never starts)
    accepted = jobs_api.accept_job(user, "legality-batch", {"decks": []}, total=0)
    assert accepted.status_code == 202
    with pytest.raises(ApiError) as caught:
        jobs_api.accept_job(user, "legality-batch", {"decks": []}, total=0)
    assert caught.value.code == "too-many-jobs" and caught.value.status_code == 429
    open_jobs = Job.objects.filter(owner=user, status__in=(Job.Status.QUEUED, Job.Status.RUNNING))
    assert open_jobs.count() == jobs_api.MAX_OPEN_JOBS
