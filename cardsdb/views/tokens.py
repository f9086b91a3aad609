"""The account's API tokens page: list them, make one (its key shown once, on the answer to that POST only) and
revoke them. Thin over cardsdb/token_services.py, as the API (cardsdb/api/tokens.py) is."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from .. import token_services, tokens


class TokenForm(forms.Form):
    # No max_length here: clean_name says how long the name is and what the limit is.
    name = forms.CharField(label="Name", strip=False)

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user
        self.fields["name"].label = _("Name")
        self.fields["name"].help_text = _("What the token is for, e.g. the script that uses it.")
        self.fields["name"].widget.attrs["maxlength"] = tokens.MAX_NAME

    def save(self):
        """(token, key), or None with the form's error set."""
        try:
            return token_services.create_token(self.user, self.cleaned_data["name"])
        except tokens.TokenNameError as exc:
            self.add_error("name", str(exc))
        except token_services.TokenLimitReached:
            self.add_error(
                None,
                _("You have %(limit)d tokens, as many as one user may: revoke one first.")
                % {"limit": tokens.MAX_TOKENS},
            )
        return None


@never_cache  # the answer that shows a key must not be kept by any cache
@login_required
def token_list(request):
    form = TokenForm(request.POST or None, user=request.user)
    made = None
    status = 200
    if request.method == "POST":
        made = form.save() if form.is_valid() else None
        if made is None:
            status = 400
            if form.non_field_errors():
                status = 409
        else:
            form = TokenForm(user=request.user)
    context = {
        "tokens": token_services.list_tokens(request.user),
        "form": form,
        "made": made[0] if made else None,
        "key": made[1] if made else None,
        "max_tokens": tokens.MAX_TOKENS,
    }
    return render(request, "cardsdb/tokens.html", context, status=status)


@require_POST
@login_required
def token_revoke(request, token_id: int):
    if token_services.revoke_token(request.user, token_id):
        messages.success(request, _("The token was revoked: its key no longer works."))
    else:
        messages.error(request, _("You have no such token."))
    return redirect("account-tokens")
