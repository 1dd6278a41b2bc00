/* The job options of push/later, read from PHP values: each refused by name with the
 * TypeError or ValueError PHP gives for a bad argument. */
#include "job_options.h"
#include "zend_exceptions.h"
#include "zend_interfaces.h"
#include "zend_smart_str.h"
#include "ext/date/php_date.h"

static zend_result option_nullable_int(zval *v, const char *name, uint32_t arg_num, fastqueue_nullable_long *out)
{
	if (Z_TYPE_P(v) == IS_NULL) {
		out->set = false;
		return SUCCESS;
	}
	if (Z_TYPE_P(v) != IS_LONG) {
		zend_argument_type_error(arg_num, "option \"%s\" must be of type ?int, %s given", name, zend_zval_type_name(v));
		return FAILURE;
	}
	if (Z_LVAL_P(v) < 0) {
		zend_argument_value_error(arg_num, "option \"%s\" must be greater than or equal to 0", name);
		return FAILURE;
	}
	out->set = true;
	out->value = Z_LVAL_P(v);
	return SUCCESS;
}

/* A backoff string: Laravel's "1,5,10", digits and single commas between them. */
static bool backoff_text_ok(const zend_string *s)
{
	const char *p = ZSTR_VAL(s);
	bool digit_seen = false;

	for (; *p; p++) {
		if (*p >= '0' && *p <= '9') {
			digit_seen = true;
		} else if (*p == ',' && digit_seen) {
			digit_seen = false;
		} else {
			break;
		}
	}
	return *p == '\0' && digit_seen && (size_t) (p - ZSTR_VAL(s)) == ZSTR_LEN(s);
}

/* A list of seconds as "1,5,10"; NULL with the ValueError thrown when an item is no integer >= 0. */
static zend_string *backoff_of_list(HashTable *list, uint32_t arg_num)
{
	smart_str s = {0};
	zval *item;

	ZEND_HASH_FOREACH_VAL(list, item) {
		if (Z_TYPE_P(item) != IS_LONG || Z_LVAL_P(item) < 0) {
			smart_str_free(&s);
			zend_argument_value_error(arg_num, "option \"backoff\" must hold only integers >= 0");
			return NULL;
		}
		if (s.s) {
			smart_str_appendc(&s, ',');
		}
		smart_str_append_long(&s, Z_LVAL_P(item));
	} ZEND_HASH_FOREACH_END();
	return smart_str_extract(&s);
}

/* backoff: an int, a list of ints, or Laravel's "1,5,10"; stored as Laravel stores it (*out
 * NULL for null). */
static zend_result option_backoff(zval *v, uint32_t arg_num, zend_string **out)
{
	*out = NULL;
	if (Z_TYPE_P(v) == IS_NULL) {
		return SUCCESS;
	}
	if (Z_TYPE_P(v) == IS_LONG && Z_LVAL_P(v) >= 0) {
		*out = zend_long_to_str(Z_LVAL_P(v));
		return SUCCESS;
	}
	if (Z_TYPE_P(v) == IS_STRING) {
		if (backoff_text_ok(Z_STR_P(v))) {
			*out = zend_string_copy(Z_STR_P(v));
			return SUCCESS;
		}
		zend_argument_value_error(arg_num, "option \"backoff\" must be a list of seconds such as \"1,5,10\"");
		return FAILURE;
	}
	if (Z_TYPE_P(v) == IS_ARRAY && zend_hash_num_elements(Z_ARRVAL_P(v)) > 0) {
		*out = backoff_of_list(Z_ARRVAL_P(v), arg_num);
		return *out ? SUCCESS : FAILURE;
	}
	if (Z_TYPE_P(v) == IS_LONG) {
		zend_argument_value_error(arg_num, "option \"backoff\" must be greater than or equal to 0");
	} else {
		zend_argument_type_error(arg_num, "option \"backoff\" must be of type int|array|string|null, %s given", zend_zval_type_name(v));
	}
	return FAILURE;
}

static zend_result option_retry_until(zval *v, uint32_t arg_num, fastqueue_nullable_long *out)
{
	if (Z_TYPE_P(v) == IS_NULL) {
		out->set = false;
		return SUCCESS;
	}
	if (Z_TYPE_P(v) == IS_LONG && Z_LVAL_P(v) >= 0) {
		out->set = true;
		out->value = Z_LVAL_P(v);
		return SUCCESS;
	}
	if (Z_TYPE_P(v) == IS_OBJECT && instanceof_function(Z_OBJCE_P(v), php_date_get_interface_ce())) {
		zval ts;
		zend_call_method_with_0_params(Z_OBJ_P(v), Z_OBJCE_P(v), NULL, "gettimestamp", &ts);
		if (Z_TYPE(ts) != IS_LONG) {
			zval_ptr_dtor(&ts);
			return FAILURE;
		}
		out->set = true;
		out->value = Z_LVAL(ts);
		return SUCCESS;
	}
	if (Z_TYPE_P(v) == IS_LONG) {
		zend_argument_value_error(arg_num, "option \"retryUntil\" must be a unix timestamp >= 0");
	} else {
		zend_argument_type_error(arg_num, "option \"retryUntil\" must be of type int|DateTimeInterface|null, %s given", zend_zval_type_name(v));
	}
	return FAILURE;
}

static zend_result parse_one_option(zend_string *key, zval *v, uint32_t arg_num, fastqueue_job_options *o)
{
	const char *k = ZSTR_VAL(key);

	if (zend_string_equals_literal(key, "maxTries")) {
		return option_nullable_int(v, k, arg_num, &o->max_tries);
	} else if (zend_string_equals_literal(key, "maxExceptions")) {
		return option_nullable_int(v, k, arg_num, &o->max_exceptions);
	} else if (zend_string_equals_literal(key, "timeout")) {
		return option_nullable_int(v, k, arg_num, &o->timeout);
	} else if (zend_string_equals_literal(key, "backoff")) {
		if (o->backoff) {
			zend_string_release(o->backoff);
		}
		return option_backoff(v, arg_num, &o->backoff);
	} else if (zend_string_equals_literal(key, "retryUntil")) {
		return option_retry_until(v, arg_num, &o->retry_until);
	} else if (zend_string_equals_literal(key, "failOnTimeout")) {
		if (Z_TYPE_P(v) != IS_TRUE && Z_TYPE_P(v) != IS_FALSE) {
			zend_argument_type_error(arg_num, "option \"failOnTimeout\" must be of type bool, %s given", zend_zval_type_name(v));
			return FAILURE;
		}
		o->fail_on_timeout = Z_TYPE_P(v) == IS_TRUE;
		return SUCCESS;
	} else if (zend_string_equals_literal(key, "displayName")) {
		if (Z_TYPE_P(v) != IS_STRING) {
			zend_argument_type_error(arg_num, "option \"displayName\" must be of type string, %s given", zend_zval_type_name(v));
			return FAILURE;
		}
		if (o->display_name) {
			zend_string_release(o->display_name);
		}
		o->display_name = zend_string_copy(Z_STR_P(v));
		return SUCCESS;
	}
	zend_argument_value_error(arg_num, "contains unknown option \"%s\"", k);
	return FAILURE;
}

zend_result fastqueue_job_options_parse(HashTable *options, uint32_t arg_num, fastqueue_job_options *o)
{
	zend_string *key;
	zval *v;

	memset(o, 0, sizeof(*o));
	if (!options) {
		return SUCCESS;
	}
	ZEND_HASH_FOREACH_STR_KEY_VAL(options, key, v) {
		if (!key) {
			zend_argument_value_error(arg_num, "must be an array with string keys");
			fastqueue_job_options_free(o);
			return FAILURE;
		}
		ZVAL_DEREF(v);
		if (parse_one_option(key, v, arg_num, o) == FAILURE) {
			fastqueue_job_options_free(o);
			return FAILURE;
		}
	} ZEND_HASH_FOREACH_END();
	return SUCCESS;
}
