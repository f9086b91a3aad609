"""Celery tasks. Each is a thin shell over a plain function; the job row holds everything else."""

from celery import shared_task

from . import jobs


@shared_task(name="cardsdb.run_job", ignore_result=True)
def run_job(job_id: str) -> None:
    jobs.run(job_id)
