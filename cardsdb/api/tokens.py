"""API tokens over HTTP: list, make and revoke your own (thin views over cardsdb/token_services.py).

Managing tokens takes the password (HTTP Basic) or the browser's session, never a token: a leaked key must not be
able to make itself successors or revoke its owner's other keys. The page /account/tokens/ does the same."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import token_services, tokens
from .errors import ApiError
from .permissions import PasswordLoginRequired
from .schema import ERROR, StrictSerializer


class TokenOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    prefix = serializers.CharField(
        help_text="The key's first characters (`cdb_` and 8 more), to tell it apart."
    )
    created = serializers.DateTimeField()
    last_used = serializers.DateTimeField(
        allow_null=True, help_text="The last request made with it, to the minute; null if never used."
    )


class TokenCreated(TokenOut):
    key = serializers.CharField(
        help_text="The key, shown this once: only its hash is kept. Send it as `Authorization: Token <key>`."
    )


class Text(serializers.CharField):
    """A string as written: 7 is not the name "7"."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class TokenRequest(StrictSerializer):
    name = Text(
        max_length=tokens.MAX_NAME, help_text="What the token is for, e.g. the script that uses it (unique)."
    )


def token_dict(token) -> dict:
    return {
        "id": token.pk,
        "name": token.name,
        "prefix": token.prefix,
        "created": token.created,
        "last_used": token.last_used,
    }


class TokenManagementView(APIView):
    """401 `not-authenticated` without a login, 403 `forbidden` for a caller logged in with an API token."""

    permission_classes = [PasswordLoginRequired]
    login_to = "list, make or revoke API tokens"


class TokenListView(TokenManagementView):
    """Your API tokens, newest first: name, the key's first characters, when made and last used (never the key,
    which is not kept)."""

    @extend_schema(responses={200: TokenOut(many=True), 401: ERROR, 403: ERROR})
    def get(self, request):
        return Response([token_dict(t) for t in token_services.list_tokens(request.user)])

    @extend_schema(
        summary="Make an API token",
        description=f"A new token for scripts. The answer holds its `key`, shown this once. A name is 1 to "
        f"{tokens.MAX_NAME} characters, unique among your tokens; one user has at most {tokens.MAX_TOKENS} "
        "tokens (409 `token-limit`).",
        request=TokenRequest,
        responses={201: TokenCreated, 400: ERROR, 401: ERROR, 403: ERROR, 409: ERROR},
    )
    def post(self, request):
        body = TokenRequest(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            token, key = token_services.create_token(request.user, body.validated_data["name"])
        except tokens.TokenNameError as exc:
            raise exceptions.ValidationError({"name": [str(exc)]}) from None
        except token_services.TokenLimitReached:
            raise ApiError(
                "token-limit",
                f"You have {tokens.MAX_TOKENS} API tokens, as many as one user may: revoke one you no longer "
                "use (DELETE /api/tokens/<id>/) first.",
                status.HTTP_409_CONFLICT,
                limit=tokens.MAX_TOKENS,
            ) from None
        return Response({**token_dict(token), "key": key}, status=status.HTTP_201_CREATED)


class TokenDetailView(TokenManagementView):
    @extend_schema(
        summary="Revoke an API token",
        description="Deletes the token: requests with its key are refused from now on (401 `token-invalid`).",
        parameters=[OpenApiParameter("token_id", int, OpenApiParameter.PATH)],
        responses={204: None, 401: ERROR, 403: ERROR, 404: ERROR},
    )
    def delete(self, request, token_id: int):
        if not token_services.revoke_token(request.user, token_id):
            raise ApiError(
                "token-not-found", f"You have no API token with id {token_id}.", status.HTTP_404_NOT_FOUND
            )
        return Response(status=status.HTTP_204_NO_CONTENT)
