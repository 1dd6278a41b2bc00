/* Laravel's payload: the fields and their order (Illuminate\Queue\Queue::createStringPayload
 * plus RedisQueue's id and attempts), JSON through ext/json, random ids. */
#include "payload.h"
#include "conn.h"
#include "ext/json/php_json.h"
#include "compat.h"
#include "ext/json/php_json_parser.h"
#include "ext/random/php_random.h"
#include "zend_smart_str.h"
#include <ctype.h>

static const char *json_error_text(php_json_error_code code)
{
	switch (code) {
		case PHP_JSON_ERROR_DEPTH: return "Maximum stack depth exceeded";
		case PHP_JSON_ERROR_STATE_MISMATCH: return "State mismatch (invalid or malformed JSON)";
		case PHP_JSON_ERROR_CTRL_CHAR: return "Control character error, possibly incorrectly encoded";
		case PHP_JSON_ERROR_SYNTAX: return "Syntax error";
		case PHP_JSON_ERROR_UTF8: return "Malformed UTF-8 characters, possibly incorrectly encoded";
		case PHP_JSON_ERROR_RECURSION: return "Recursion detected";
		case PHP_JSON_ERROR_INF_OR_NAN: return "Inf and NaN cannot be JSON encoded";
		case PHP_JSON_ERROR_UNSUPPORTED_TYPE: return "Type is not supported";
		case PHP_JSON_ERROR_INVALID_PROPERTY_NAME: return "The decoded property name is invalid";
		case PHP_JSON_ERROR_UTF16: return "Single unpaired UTF-16 surrogate in unicode escape";
		default: return "Unknown JSON error";
	}
}

zend_string *fastqueue_json_encode(zval *value, const char **error)
{
	smart_str buf = {0};
	/* php_json_encode_ex reports through json_last_error(); keep the user's value intact. */
	fastqueue_json_error_state saved = FASTQUEUE_JSON_ERROR_STATE;
	php_json_error_code code;

	php_json_encode_ex(&buf, value, PHP_JSON_UNESCAPED_UNICODE, PHP_JSON_PARSER_DEFAULT_DEPTH);
	code = FASTQUEUE_JSON_ERROR_CODE;
	FASTQUEUE_JSON_ERROR_STATE = saved;
	if (code != PHP_JSON_ERROR_NONE || EG(exception)) {
		smart_str_free(&buf);
		*error = EG(exception) ? "an exception was thrown while encoding" : json_error_text(code);
		return NULL;
	}
	return smart_str_extract(&buf);
}

zend_result fastqueue_json_decode(const char *text, size_t len, zval *out, const char **error)
{
	php_json_parser parser;

	php_json_parser_init(&parser, out, text, len, PHP_JSON_OBJECT_AS_ARRAY, PHP_JSON_PARSER_DEFAULT_DEPTH);
	if (php_json_parse(&parser)) {
		*error = json_error_text(php_json_parser_error_code(&parser));
		ZVAL_UNDEF(out);
		return FAILURE;
	}
	return SUCCESS;
}

void fastqueue_random_id(char out[FASTQUEUE_ID_LEN])
{
	static const char alphabet[] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
	unsigned char bytes[FASTQUEUE_ID_LEN];

	if (php_random_bytes_silent(bytes, sizeof(bytes)) == FAILURE) {
		/* No CSPRNG available: ids only need to be unique, not secret. */
		for (size_t i = 0; i < sizeof(bytes); i++) {
			bytes[i] = (unsigned char) php_mt_rand();
		}
	}
	for (size_t i = 0; i < FASTQUEUE_ID_LEN; i++) {
		/* 256 % 62 leaves a slight bias: harmless for ids that need only be unique. */
		out[i] = alphabet[bytes[i] % 62];
	}
}

void fastqueue_uuid4(char out[FASTQUEUE_UUID_LEN])
{
	static const char hex[] = "0123456789abcdef";
	unsigned char b[16];
	size_t o = 0;

	if (php_random_bytes_silent(b, sizeof(b)) == FAILURE) {
		for (size_t i = 0; i < sizeof(b); i++) {
			b[i] = (unsigned char) php_mt_rand();
		}
	}
	b[6] = (b[6] & 0x0f) | 0x40;  /* version 4 */
	b[8] = (b[8] & 0x3f) | 0x80;  /* RFC 4122 variant */
	for (size_t i = 0; i < 16; i++) {
		if (i == 4 || i == 6 || i == 8 || i == 10) {
			out[o++] = '-';
		}
		out[o++] = hex[b[i] >> 4];
		out[o++] = hex[b[i] & 15];
	}
}

void fastqueue_job_options_free(fastqueue_job_options *o)
{
	if (o->backoff) {
		zend_string_release(o->backoff);
	}
	if (o->display_name) {
		zend_string_release(o->display_name);
	}
	memset(o, 0, sizeof(*o));
}

static zend_string *default_display_name(zend_string *job)
{
	const char *at = memchr(ZSTR_VAL(job), '@', ZSTR_LEN(job));
	return at ? zend_string_init(ZSTR_VAL(job), at - ZSTR_VAL(job), 0) : zend_string_copy(job);
}

/* Adds "name": the option's integer, or null. */
static void add_nullable_long(zval *payload, const char *name, size_t len, const fastqueue_nullable_long *v)
{
	if (v->set) {
		add_assoc_long_ex(payload, name, len, v->value);
	} else {
		add_assoc_null_ex(payload, name, len);
	}
}

zend_string *fastqueue_payload_create(zend_string *job, zval *data, const fastqueue_job_options *o,
	char id_out[FASTQUEUE_ID_LEN], zend_string **why)
{
	zval payload;
	char uuid[FASTQUEUE_UUID_LEN];
	const char *error;
	zend_string *json;
	HashTable *ht;

	fastqueue_uuid4(uuid);
	fastqueue_random_id(id_out);

	array_init_size(&payload, 12);
	ht = Z_ARRVAL(payload);
	add_assoc_stringl(&payload, "uuid", uuid, FASTQUEUE_UUID_LEN);
	add_assoc_str(&payload, "displayName", o->display_name ? zend_string_copy(o->display_name) : default_display_name(job));
	add_assoc_str(&payload, "job", zend_string_copy(job));
	add_nullable_long(&payload, "maxTries", sizeof("maxTries") - 1, &o->max_tries);
	add_nullable_long(&payload, "maxExceptions", sizeof("maxExceptions") - 1, &o->max_exceptions);
	add_assoc_bool(&payload, "failOnTimeout", o->fail_on_timeout);
	if (o->backoff) {
		add_assoc_str(&payload, "backoff", zend_string_copy(o->backoff));
	} else {
		add_assoc_null(&payload, "backoff");
	}
	add_nullable_long(&payload, "timeout", sizeof("timeout") - 1, &o->timeout);
	/* Laravel writes retryUntil only for job objects that have one: so do we, byte for byte. */
	if (o->retry_until.set) {
		add_assoc_long(&payload, "retryUntil", o->retry_until.value);
	}
	Z_TRY_ADDREF_P(data);
	zend_hash_str_add_new(ht, "data", sizeof("data") - 1, data);
	add_assoc_stringl(&payload, "id", id_out, FASTQUEUE_ID_LEN);
	add_assoc_long(&payload, "attempts", 0);

	json = fastqueue_json_encode(&payload, &error);
	zval_ptr_dtor(&payload);
	*why = NULL;
	if (!json && !EG(exception)) {
		*why = zend_strpprintf(0, "Unable to JSON encode payload of job \"%s\": %s", ZSTR_VAL(job), error);
	}
	return json;
}

zend_result fastqueue_payload_int(zval *v, zval *out)
{
	zend_long n;

	if (Z_ISUNDEF_P(v) || Z_TYPE_P(v) == IS_NULL) {
		ZVAL_NULL(out);
		return SUCCESS;
	}
	if (Z_TYPE_P(v) == IS_LONG) {
		ZVAL_LONG(out, Z_LVAL_P(v));
		return SUCCESS;
	}
	/* Laravel's own code accepts numeric strings here ("3"), so do we. */
	if (Z_TYPE_P(v) == IS_STRING && is_numeric_string(Z_STRVAL_P(v), Z_STRLEN_P(v), &n, NULL, false) == IS_LONG) {
		ZVAL_LONG(out, n);
		return SUCCESS;
	}
	if (Z_TYPE_P(v) == IS_DOUBLE && Z_DVAL_P(v) == (double) (zend_long) Z_DVAL_P(v)) {
		ZVAL_LONG(out, (zend_long) Z_DVAL_P(v));
		return SUCCESS;
	}
	return FAILURE;
}

static bool all_digits(const char *s, size_t n)
{
	if (n == 0) {
		return false;
	}
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9') {
			return false;
		}
	}
	return true;
}

/* The object with "name":value added as its last member, before the closing brace; what
 * follows the brace (whitespace) stays. */
static zend_string *with_field_added(const char *s, size_t len, const fastqueue_scan *scan,
	const char *key_colon, const char *value, size_t value_len)
{
	size_t comma = scan->has_members ? 1 : 0, key_len = strlen(key_colon);
	zend_string *out = zend_string_alloc(len + comma + key_len + value_len, 0);
	char *o = ZSTR_VAL(out);

	memcpy(o, s, scan->close);
	o += scan->close;
	if (comma) {
		*o++ = ',';
	}
	memcpy(o, key_colon, key_len);
	memcpy(o + key_len, value, value_len);
	o += key_len + value_len;
	memcpy(o, s + scan->close, len - scan->close);
	ZSTR_VAL(out)[ZSTR_LEN(out)] = '\0';
	return out;
}

/* The digits of a payload's top-level "attempts" when it is a count: an integer literal, or a
 * numeric string ("2", as some producers write it, counted and rewritten quotes and all, as
 * pop.lua does); false when it is anything else or absent. */
static bool attempts_digits(const char *s, const fastqueue_json_span *a, const char **digits, size_t *n)
{
	size_t quotes = a->type == FASTQUEUE_JSON_STRING ? 1 : 0;

	if (a->type != FASTQUEUE_JSON_INT && a->type != FASTQUEUE_JSON_STRING) {
		return false;
	}
	*digits = s + a->from + quotes;
	*n = a->to - a->from - 2 * quotes;
	return all_digits(*digits, *n);   /* a negative integer is no count */
}

zend_long fastqueue_payload_next_attempts(const zend_string *payload, const fastqueue_scan *scan)
{
	const fastqueue_json_span *a = &scan->field[FASTQUEUE_FIELD_ATTEMPTS];
	const char *digits;
	size_t n;

	if (scan->top != FASTQUEUE_JSON_OBJECT) {
		return -1;
	}
	if (a->type == FASTQUEUE_JSON_ABSENT) {
		return 1;
	}
	/* At most 15 digits, as pop.lua reads a count: exact in Lua's double. */
	if (!attempts_digits(ZSTR_VAL(payload), a, &digits, &n) || n > 15) {
		return -1;
	}
	return ZEND_STRTOL(digits, NULL, 10) + 1;
}

zend_string *fastqueue_payload_with_attempts(const zend_string *payload, const fastqueue_scan *scan, zend_long n)
{
	const char *s = ZSTR_VAL(payload), *old;
	size_t len = ZSTR_LEN(payload), old_len;
	fastqueue_scan own;
	const fastqueue_json_span *a;
	char digits[24];
	size_t dlen = fastqueue_format_long(digits, n);

	if (!scan) {
		if (!fastqueue_payload_scan(s, len, &own)) {
			return NULL;
		}
		scan = &own;
	}
	if (scan->top != FASTQUEUE_JSON_OBJECT) {
		return NULL;
	}
	a = &scan->field[FASTQUEUE_FIELD_ATTEMPTS];
	if (a->type == FASTQUEUE_JSON_ABSENT) {
		return with_field_added(s, len, scan, "\"attempts\":", digits, dlen);
	}
	if (!attempts_digits(s, a, &old, &old_len)) {
		return NULL;
	}
	/* The whole value goes, quotes and all for a numeric string. */
	return zend_string_concat3(s, a->from, digits, dlen, s + a->to, len - a->to);
}

void fastqueue_payload_value(const char *s, const fastqueue_json_span *v, zval *out)
{
	const char *p = s + v->from;
	size_t n = v->to - v->from;
	const char *error;
	zend_string *text;

	switch (v->type) {
		case FASTQUEUE_JSON_ABSENT:
			ZVAL_UNDEF(out);
			return;
		case FASTQUEUE_JSON_STRING:
			ZVAL_STRINGL_FAST(out, p + 1, n - 2);
			return;
		case FASTQUEUE_JSON_TRUE:
			ZVAL_TRUE(out);
			return;
		case FASTQUEUE_JSON_FALSE:
			ZVAL_FALSE(out);
			return;
		case FASTQUEUE_JSON_NULL:
			ZVAL_NULL(out);
			return;
		case FASTQUEUE_JSON_INT:
			/* Up to 18 digits always fit; longer ones may become a float, as PHP decodes them. */
			if (n <= 18) {
				ZVAL_LONG(out, ZEND_STRTOL(p, NULL, 10));
				return;
			}
			break;
		default:
			break;
	}
	/* Escapes, floats, objects and arrays: PHP's own decoder, on a NUL-terminated copy (its
	 * scanner stops at a NUL, not at a length). */
	text = zend_string_init(p, n, 0);
	if (fastqueue_json_decode(ZSTR_VAL(text), ZSTR_LEN(text), out, &error) == FAILURE) {
		ZVAL_NULL(out);
	}
	zend_string_release(text);
}

/* Why PHP's decoder refuses text, in json_last_error_msg()'s words after a json_decode(): with
 * the location where PHP names one (8.6), which json_decode() leaves out for empty text. NULL
 * when the text decodes. */
static zend_string *json_decode_failure(const char *text, size_t len)
{
	php_json_parser parser;
	zval decoded;
	zend_ulong line, column;
	const char *what;

	php_json_parser_init(&parser, &decoded, text, len, PHP_JSON_OBJECT_AS_ARRAY, PHP_JSON_PARSER_DEFAULT_DEPTH);
	if (!php_json_parse(&parser)) {
		zval_ptr_dtor(&decoded);
		return NULL;
	}
	what = json_error_text(php_json_parser_error_code(&parser));
	if (len > 0 && fastqueue_json_error_location(&parser, &line, &column)) {
		return zend_strpprintf(0, "%s near location " ZEND_ULONG_FMT ":" ZEND_ULONG_FMT, what, line, column);
	}
	return zend_string_init(what, strlen(what), 0);
}

zend_string *fastqueue_payload_invalid_reason(const zend_string *payload, const fastqueue_scan *scan,
	bool valid, const char *prefix)
{
	zend_string *why, *reason;

	if (valid) {
		return scan->top == FASTQUEUE_JSON_OBJECT ? NULL : zend_strpprintf(0, "%s must be a JSON object", prefix);
	}
	/* Cold path: PHP's decoder names the fault in its own words. */
	why = json_decode_failure(ZSTR_VAL(payload), ZSTR_LEN(payload));
	if (why) {
		reason = zend_strpprintf(0, "%s is not valid JSON: %s", prefix, ZSTR_VAL(why));
		zend_string_release(why);
		return reason;
	}
	return zend_strpprintf(0, "%s is not JSON as FastQueue's scanner reads it, though PHP's decoder "
		"accepts it (a FastQueue bug: please report the payload)", prefix);
}

zend_string *fastqueue_payload_raw_id(const zend_string *payload, zend_string **why)
{
	fastqueue_scan scan;
	bool valid = fastqueue_payload_scan(ZSTR_VAL(payload), ZSTR_LEN(payload), &scan);
	zval id;

	if ((*why = fastqueue_payload_invalid_reason(payload, &scan, valid, "Payload"))) {
		return NULL;
	}
	fastqueue_payload_value(ZSTR_VAL(payload), &scan.field[FASTQUEUE_FIELD_ID], &id);
	switch (Z_TYPE(id)) {
		case IS_UNDEF:
		case IS_NULL:
			return ZSTR_EMPTY_ALLOC();
		case IS_STRING:
			return Z_STR(id);
		case IS_LONG:
			return zend_long_to_str(Z_LVAL(id));
		default:
			zval_ptr_dtor(&id);
			*why = zend_string_init("Payload \"id\" must be a string", sizeof("Payload \"id\" must be a string") - 1, 0);
			return NULL;
	}
}
