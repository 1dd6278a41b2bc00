/* The job options of push/later, read from PHP values by the rows of job_options_table.h
 * (scripts/gen-options writes them from options.php): each refused by name with the TypeError
 * or ValueError PHP gives for a bad argument. Here are the readers of backoff and retryUntil,
 * which those rows name. */
#include "job_options.h"
#include "options.h"
#include "zend_exceptions.h"
#include "zend_interfaces.h"
#include "zend_smart_str.h"
#include "ext/date/php_date.h"

/* What the rows read into: the options, and which argument of push() or later() they are, for
 * the messages of the custom readers. */
typedef struct _job_options_reading {
	fastqueue_job_options options;
	uint32_t arg;
} job_options_reading;

#include "job_options_table.h"

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

static zend_result read_backoff_option(zval *v, void *settings)
{
	job_options_reading *r = settings;

	if (r->options.backoff) {
		zend_string_release(r->options.backoff);
	}
	return option_backoff(v, r->arg, &r->options.backoff);
}

static zend_result read_retry_until_option(zval *v, void *settings)
{
	job_options_reading *r = settings;

	return option_retry_until(v, r->arg, &r->options.retry_until);
}

zend_result fastqueue_job_options_parse(HashTable *options, uint32_t arg_num, fastqueue_job_options *o)
{
	job_options_reading r = {.arg = arg_num};

	fastqueue_options_defaults(&job_option_table, &r);
	if (fastqueue_options_read_arg(&job_option_table, arg_num, options, &r) == FAILURE) {
		fastqueue_job_options_free(&r.options);
		memset(o, 0, sizeof(*o));
		return FAILURE;
	}
	*o = r.options;
	return SUCCESS;
}
