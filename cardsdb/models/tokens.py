from django.conf import settings
from django.db import models

from ..tokens import MAX_NAME


class ApiToken(models.Model):
    """A key a user made for scripts (cardsdb/tokens.py): only its SHA-256 is kept, never the key itself."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=MAX_NAME)
    prefix = models.CharField(max_length=12, help_text="The key's first characters, to tell tokens apart.")
    key_hash = models.CharField(max_length=64, unique=True)
    created = models.DateTimeField(auto_now_add=True)
    last_used = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-id"]
        constraints = [models.UniqueConstraint(fields=["owner", "name"], name="api_token_name_per_owner")]

    def __str__(self):
        return f"{self.name} ({self.prefix}…)"
