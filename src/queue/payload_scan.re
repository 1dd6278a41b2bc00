/* The payload scanner: a re2c lexer for JSON's tokens and a small state machine over them.
 * One pass tells whether a payload is JSON as PHP's decoder accepts it and where the
 * top-level fields the worker needs are, without building any PHP value.
 * scripts/gen-scanner turns this file into payload_scan.c (committed; CI checks they match). */
#include "payload_scan.h"
#include <string.h>

typedef enum _token {
	T_END, T_ERROR, T_LBRACE, T_RBRACE, T_LBRACKET, T_RBRACKET, T_COLON, T_COMMA,
	T_STRING, T_STRING_ESCAPED, T_INT, T_FLOAT, T_TRUE, T_FALSE, T_NULL
} token;

typedef struct _lexer {
	const unsigned char *cursor;
	const unsigned char *limit;     /* the '\0' after the payload */
	const unsigned char *start;     /* where the last token began */
} lexer;

/* The next token. Whitespace is skipped. The NUL after the payload ends it: no token holds a
 * NUL, so the lexer never reads past that sentinel; a NUL before the end is no token (T_ERROR). */
static token next_token(lexer *lx)
{
	const unsigned char *YYCURSOR = lx->cursor, *YYMARKER = YYCURSOR;
	const unsigned char *const YYLIMIT = lx->limit;

	for (;;) {
		lx->start = YYCURSOR;
	/*!re2c
		re2c:define:YYCTYPE = "unsigned char";
		re2c:yyfill:enable = 0;

		hex = [0-9a-fA-F];
		bmp = ([0-9a-cA-CeEfF] hex{3}) | ([dD] [0-7] hex{2});
		pair = [dD] [89abAB] hex{2} "\\u" [dD] [c-fC-F] hex{2};
		escape = "\\" ( ["\\/bfnrt] | "u" (bmp | pair) );
		char = [\x20-\x21\x23-\x5B\x5D-\x7F]
			| [\xC2-\xDF] [\x80-\xBF]
			| "\xE0" [\xA0-\xBF] [\x80-\xBF]
			| [\xE1-\xEC\xEE\xEF] [\x80-\xBF]{2}
			| "\xED" [\x80-\x9F] [\x80-\xBF]
			| "\xF0" [\x90-\xBF] [\x80-\xBF]{2}
			| [\xF1-\xF3] [\x80-\xBF]{3}
			| "\xF4" [\x80-\x8F] [\x80-\xBF]{2};
		int = "-"? ("0" | [1-9] [0-9]*);

		[ \t\n\r]+                 { continue; }
		"{"                        { lx->cursor = YYCURSOR; return T_LBRACE; }
		"}"                        { lx->cursor = YYCURSOR; return T_RBRACE; }
		"["                        { lx->cursor = YYCURSOR; return T_LBRACKET; }
		"]"                        { lx->cursor = YYCURSOR; return T_RBRACKET; }
		":"                        { lx->cursor = YYCURSOR; return T_COLON; }
		","                        { lx->cursor = YYCURSOR; return T_COMMA; }
		"true"                     { lx->cursor = YYCURSOR; return T_TRUE; }
		"false"                    { lx->cursor = YYCURSOR; return T_FALSE; }
		"null"                     { lx->cursor = YYCURSOR; return T_NULL; }
		"\"" char* "\""            { lx->cursor = YYCURSOR; return T_STRING; }
		"\"" (char | escape)* "\"" { lx->cursor = YYCURSOR; return T_STRING_ESCAPED; }
		int                        { lx->cursor = YYCURSOR; return T_INT; }
		int ("." [0-9]+)? ([eE] [+-]? [0-9]+)? { lx->cursor = YYCURSOR; return T_FLOAT; }
		"\x00"                     { lx->cursor = YYCURSOR; return YYCURSOR - 1 == YYLIMIT ? T_END : T_ERROR; }
		*                          { lx->cursor = YYCURSOR; return T_ERROR; }
	*/
	}
}

/* Which field a decoded key names, or -1: by length first, so that most keys are told apart
 * without a comparison (every key of a payload goes through here). */
static int field_of_name(const char *k, size_t len)
{
#define FIELD_IS(name, field) if (memcmp(k, name, sizeof(name) - 1) == 0) return field
	switch (len) {
		case 2: FIELD_IS("id", FASTQUEUE_FIELD_ID); break;
		case 3: FIELD_IS("job", FASTQUEUE_FIELD_JOB); break;
		case 4: FIELD_IS("data", FASTQUEUE_FIELD_DATA); FIELD_IS("uuid", FASTQUEUE_FIELD_UUID); break;
		case 5: FIELD_IS("delay", FASTQUEUE_FIELD_DELAY); break;
		case 7: FIELD_IS("timeout", FASTQUEUE_FIELD_TIMEOUT); FIELD_IS("backoff", FASTQUEUE_FIELD_BACKOFF); break;
		case 8: FIELD_IS("attempts", FASTQUEUE_FIELD_ATTEMPTS); FIELD_IS("maxTries", FASTQUEUE_FIELD_MAX_TRIES); break;
		case 9: FIELD_IS("timeoutAt", FASTQUEUE_FIELD_TIMEOUT_AT); FIELD_IS("createdAt", FASTQUEUE_FIELD_CREATED_AT); break;
		case 10: FIELD_IS("retryUntil", FASTQUEUE_FIELD_RETRY_UNTIL); break;
		case 11: FIELD_IS("displayName", FASTQUEUE_FIELD_DISPLAY_NAME); break;
		case 13:
			FIELD_IS("maxExceptions", FASTQUEUE_FIELD_MAX_EXCEPTIONS);
			FIELD_IS("failOnTimeout", FASTQUEUE_FIELD_FAIL_ON_TIMEOUT);
			break;
	}
#undef FIELD_IS
	return -1;
}

static int hex_value(unsigned char c)
{
	return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
}

/* Which field an escaped key (the lexer checked its escapes) names once decoded, or -1.
 * Every field name is short ASCII, so anything longer or wider names none. */
static int field_of_escaped(const unsigned char *k, size_t len)
{
	char decoded[16];
	size_t n = 0;

	for (size_t i = 0; i < len; i++) {
		unsigned char c = k[i];
		if (c == '\\') {
			c = k[++i];
			if (c == 'u') {
				int code = (hex_value(k[i + 1]) << 12) | (hex_value(k[i + 2]) << 8)
					| (hex_value(k[i + 3]) << 4) | hex_value(k[i + 4]);
				if (code > 0x7f) {
					return -1;
				}
				c = (unsigned char) code;
				i += 4;
			} else {
				c = c == 'b' ? '\b' : c == 'f' ? '\f' : c == 'n' ? '\n' : c == 'r' ? '\r' : c == 't' ? '\t' : c;
			}
		}
		if (n == sizeof(decoded)) {
			return -1;
		}
		decoded[n++] = (char) c;
	}
	return field_of_name(decoded, n);
}

static fastqueue_json_type scalar_type(token t)
{
	switch (t) {
		case T_STRING: return FASTQUEUE_JSON_STRING;
		case T_STRING_ESCAPED: return FASTQUEUE_JSON_STRING_ESCAPED;
		case T_INT: return FASTQUEUE_JSON_INT;
		case T_FLOAT: return FASTQUEUE_JSON_FLOAT;
		case T_TRUE: return FASTQUEUE_JSON_TRUE;
		case T_FALSE: return FASTQUEUE_JSON_FALSE;
		case T_NULL: return FASTQUEUE_JSON_NULL;
		default: return FASTQUEUE_JSON_ABSENT;
	}
}

/* What the next token may be. */
typedef enum _expect {
	E_VALUE,                        /* after ':' or ',' in an array, and at the start */
	E_VALUE_OR_CLOSE,               /* after '[' */
	E_KEY,                          /* after ',' in an object */
	E_KEY_OR_CLOSE,                 /* after '{' */
	E_COLON,
	E_NEXT,                         /* after a member or element: ',' or the close */
	E_END                           /* after the whole value: nothing but whitespace */
} expect;

bool fastqueue_payload_scan(const char *s, size_t n, fastqueue_scan *out)
{
	const unsigned char *base = (const unsigned char *) s;
	lexer lx = {base, base + n, base};
	unsigned char open[FASTQUEUE_JSON_MAX_NESTING];  /* '{' or '[' per open container */
	size_t depth = 0, value_from = 0;
	int field = -1;                 /* the top-level field whose value is being read */
	expect e = E_VALUE;

	memset(out, 0, sizeof(*out));
	for (;;) {
		token t = next_token(&lx);
		size_t at = (size_t) (lx.start - base);
		fastqueue_json_type type;

		switch (e) {
			case E_END:
				return t == T_END;
			case E_COLON:
				if (t != T_COLON) {
					return false;
				}
				e = E_VALUE;
				continue;
			case E_KEY_OR_CLOSE:
				if (t == T_RBRACE) {
					goto close;
				}
				/* fallthrough */
			case E_KEY:
				if (t != T_STRING && t != T_STRING_ESCAPED) {
					return false;
				}
				if (depth == 1) {
					field = t == T_STRING ? field_of_name(s + at + 1, (size_t) (lx.cursor - lx.start) - 2)
						: field_of_escaped(lx.start + 1, (size_t) (lx.cursor - lx.start) - 2);
				}
				e = E_COLON;
				continue;
			case E_NEXT:
				if (t == T_COMMA) {
					e = open[depth - 1] == '{' ? E_KEY : E_VALUE;
					continue;
				}
				if (t == (open[depth - 1] == '{' ? T_RBRACE : T_RBRACKET)) {
					goto close;
				}
				return false;
			case E_VALUE_OR_CLOSE:
				if (t == T_RBRACKET) {
					goto close;
				}
				/* fallthrough */
			case E_VALUE:
				value_from = depth == 1 ? at : value_from;
				if (t == T_LBRACE || t == T_LBRACKET) {
					if (depth == FASTQUEUE_JSON_MAX_NESTING) {
						return false;
					}
					if (depth == 0) {
						out->top = t == T_LBRACE ? FASTQUEUE_JSON_OBJECT : FASTQUEUE_JSON_ARRAY;
					}
					open[depth++] = t == T_LBRACE ? '{' : '[';
					e = t == T_LBRACE ? E_KEY_OR_CLOSE : E_VALUE_OR_CLOSE;
					continue;
				}
				if ((type = scalar_type(t)) == FASTQUEUE_JSON_ABSENT) {
					return false;
				}
				if (depth == 0) {
					out->top = type;
				}
				goto value_done;
		}
close:
		depth--;
		type = open[depth] == '{' ? FASTQUEUE_JSON_OBJECT : FASTQUEUE_JSON_ARRAY;
		if (depth == 0 && type == FASTQUEUE_JSON_OBJECT) {
			out->close = at;
			out->has_members = e != E_KEY_OR_CLOSE;
		}
value_done:
		if (depth == 1 && field >= 0) {
			out->field[field].from = value_from;
			out->field[field].to = (size_t) (lx.cursor - base);
			out->field[field].type = type;
			field = -1;
		}
		e = depth == 0 ? E_END : E_NEXT;
	}
}
