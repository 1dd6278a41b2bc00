/* Option readers shared by RedisQueue and Worker. */
#include "options.h"
#include "zend_exceptions.h"

zend_result fastqueue_opt_number(zval *v, uint32_t arg, const char *name, double min, double max, double *out)
{
	double d;
	if (Z_TYPE_P(v) == IS_LONG) {
		d = (double) Z_LVAL_P(v);
	} else if (Z_TYPE_P(v) == IS_DOUBLE) {
		d = Z_DVAL_P(v);
	} else {
		zend_argument_type_error(arg, "option \"%s\" must be of type int|float, %s given", name, zend_zval_type_name(v));
		return FAILURE;
	}
	if (!zend_finite(d) || d < min || d > max) {
		if (zend_finite(max)) {
			/* %.15g: a bound such as 31536000 reads as written, not as 3.1536e+07. */
			zend_argument_value_error(arg, "option \"%s\" must be a finite number between %.15g and %.15g", name, min, max);
		} else {
			zend_argument_value_error(arg, "option \"%s\" must be a finite number >= %g", name, min);
		}
		return FAILURE;
	}
	*out = d;
	return SUCCESS;
}

zend_result fastqueue_opt_long(zval *v, uint32_t arg, const char *name, zend_long min, zend_long max, zend_long *out)
{
	if (Z_TYPE_P(v) != IS_LONG) {
		zend_argument_type_error(arg, "option \"%s\" must be of type int, %s given", name, zend_zval_type_name(v));
		return FAILURE;
	}
	if (Z_LVAL_P(v) < min || Z_LVAL_P(v) > max) {
		if (max == ZEND_LONG_MAX) {
			zend_argument_value_error(arg, "option \"%s\" must be greater than or equal to " ZEND_LONG_FMT, name, min);
		} else {
			zend_argument_value_error(arg, "option \"%s\" must be between " ZEND_LONG_FMT " and " ZEND_LONG_FMT, name, min, max);
		}
		return FAILURE;
	}
	*out = Z_LVAL_P(v);
	return SUCCESS;
}

zend_result fastqueue_opt_bool(zval *v, uint32_t arg, const char *name, bool *out)
{
	if (Z_TYPE_P(v) != IS_TRUE && Z_TYPE_P(v) != IS_FALSE) {
		zend_argument_type_error(arg, "option \"%s\" must be of type bool, %s given", name, zend_zval_type_name(v));
		return FAILURE;
	}
	*out = Z_TYPE_P(v) == IS_TRUE;
	return SUCCESS;
}

zend_result fastqueue_opt_string(zval *v, uint32_t arg, const char *name, bool nullable, bool allow_empty, zend_string **out)
{
	if (nullable && Z_TYPE_P(v) == IS_NULL) {
		if (*out) zend_string_release(*out);
		*out = NULL;
		return SUCCESS;
	}
	if (Z_TYPE_P(v) != IS_STRING) {
		zend_argument_type_error(arg, "option \"%s\" must be of type %sstring, %s given", name, nullable ? "?" : "", zend_zval_type_name(v));
		return FAILURE;
	}
	if (!allow_empty && !Z_STRLEN_P(v)) {
		zend_argument_value_error(arg, "option \"%s\" must not be empty", name);
		return FAILURE;
	}
	if (*out) zend_string_release(*out);
	*out = zend_string_copy(Z_STR_P(v));
	return SUCCESS;
}

/* "host", "host:port", "tcp://host:port", "redis://host:port" or "[v6]:port"; with tls given, also
 * "tls://..." and "rediss://...", which set *tls. */
zend_result fastqueue_parse_node(const zend_string *node, zend_long default_port, bool *tls, zend_string **host,
	zend_long *port)
{
	const char *p = ZSTR_VAL(node), *end = p + ZSTR_LEN(node), *colon, *h_end;

	if (tls) {
		*tls = false;
	}
	if (ZSTR_LEN(node) > 6 && strncasecmp(p, "tcp://", 6) == 0) {
		p += 6;
	} else if (ZSTR_LEN(node) > 8 && strncasecmp(p, "redis://", 8) == 0) {
		p += 8;
	} else if (tls && ZSTR_LEN(node) > 6 && strncasecmp(p, "tls://", 6) == 0) {
		p += 6;
		*tls = true;
	} else if (tls && ZSTR_LEN(node) > 9 && strncasecmp(p, "rediss://", 9) == 0) {
		p += 9;
		*tls = true;
	} else if (memchr(p, '/', end - p)) {
		return FAILURE; /* another scheme, or a path */
	}
	/* Nothing after the scheme: no host. Said outright, so that the compiler knows end - p > 0
	 * below (gcc 16 with -fsanitize warns of a negative size to memrchr otherwise). */
	if (p >= end) {
		return FAILURE;
	}
	*port = default_port;
	if (*p == '[') {
		const char *close = memchr(p, ']', end - p);
		if (!close || close == p + 1) {
			return FAILURE;
		}
		*host = zend_string_init(p + 1, close - p - 1, 0);
		colon = close + 1 < end ? close + 1 : NULL;
		if (colon && *colon != ':') {
			zend_string_release(*host);
			return FAILURE;
		}
	} else {
		colon = zend_memrchr(p, ':', end - p);
		h_end = colon ? colon : end;
		if (h_end == p || memchr(p, ':', h_end - p)) {
			return FAILURE; /* no host, or an IPv6 address without brackets */
		}
		*host = zend_string_init(p, h_end - p, 0);
	}
	if (colon) {
		char *stop;
		long n;
		if (colon + 1 == end || colon + 1 + 5 < end) {
			zend_string_release(*host);
			return FAILURE;
		}
		n = strtol(colon + 1, &stop, 10);
		if (stop != end || n < 1 || n > 65535) {
			zend_string_release(*host);
			return FAILURE;
		}
		*port = n;
	}
	return SUCCESS;
}

/* {{{ the table's loop */
static void *field_of(const fastqueue_option *row, void *settings)
{
	return (char *) settings + row->offset;
}

void fastqueue_options_defaults(const fastqueue_option_table *t, void *settings)
{
	for (size_t i = 0; i < t->count; i++) {
		const fastqueue_option *row = &t->rows[i];
		void *field = field_of(row, settings);

		if (!row->has_default) {
			continue;
		}
		switch (row->type) {
			case FASTQUEUE_OPT_LONG: *(zend_long *) field = row->ldefault; break;
			case FASTQUEUE_OPT_NUMBER: *(double *) field = row->ddefault; break;
			case FASTQUEUE_OPT_BOOL: *(bool *) field = row->ldefault != 0; break;
			case FASTQUEUE_OPT_STRING: *(zend_string **) field = zend_string_init(row->sdefault, strlen(row->sdefault), 0); break;
			case FASTQUEUE_OPT_CUSTOM: break;
		}
	}
}

/* The name messages give a row: its key, or "parent.key" in a nested set. */
static const char *row_label(const fastqueue_option_table *t, const fastqueue_option *row, char *buf, size_t size)
{
	if (!t->parent) {
		return row->name;
	}
	snprintf(buf, size, t->indexed ? "%s[\"%s\"]" : "%s.%s", t->parent, row->name);
	return buf;
}

/* A nullable int: null unsets a fastqueue_nullable_long field, or stores lnull in a plain one. */
static zend_result read_nullable_long(const fastqueue_option_table *t, const fastqueue_option *row, uint32_t arg,
	const char *name, zval *v, void *field)
{
	fastqueue_nullable_long *optional = field;

	if (Z_TYPE_P(v) == IS_NULL) {
		if (row->unset_null) {
			optional->set = false;
		} else {
			*(zend_long *) field = row->lnull;
		}
		return SUCCESS;
	}
	if (Z_TYPE_P(v) != IS_LONG && t->nullable_said) {
		zend_argument_type_error(arg, "option \"%s\" must be of type ?int, %s given", name, zend_zval_type_name(v));
		return FAILURE;
	}
	if (!row->unset_null) {
		return fastqueue_opt_long(v, arg, name, row->lmin, row->lmax, field);
	}
	if (fastqueue_opt_long(v, arg, name, row->lmin, row->lmax, &optional->value) == FAILURE) {
		return FAILURE;
	}
	optional->set = true;
	return SUCCESS;
}

/* A typed read: null first where the row takes it, then the type and bounds. */
static zend_result read_typed(const fastqueue_option_table *t, const fastqueue_option *row, uint32_t arg, zval *v,
	void *settings)
{
	void *field = field_of(row, settings);
	char buf[320];
	const char *name = row_label(t, row, buf, sizeof(buf));

	if (row->nullable && row->type == FASTQUEUE_OPT_LONG) {
		return read_nullable_long(t, row, arg, name, v, field);
	}
	if (row->nullable && Z_TYPE_P(v) == IS_NULL && row->type == FASTQUEUE_OPT_NUMBER) {
		*(double *) field = row->dnull;
		return SUCCESS;
	}
	switch (row->type) {
		case FASTQUEUE_OPT_LONG: return fastqueue_opt_long(v, arg, name, row->lmin, row->lmax, field);
		case FASTQUEUE_OPT_NUMBER: return fastqueue_opt_number(v, arg, name, row->dmin, row->dmax, field);
		case FASTQUEUE_OPT_BOOL: return fastqueue_opt_bool(v, arg, name, field);
		case FASTQUEUE_OPT_STRING: return fastqueue_opt_string(v, arg, name, row->nullable, row->allow_empty, field);
		case FASTQUEUE_OPT_CUSTOM: break;
	}
	return FAILURE;
}

static zend_result read_row(const fastqueue_option_table *t, const fastqueue_option *row, uint32_t arg, zval *v,
	void *settings)
{
	if (row->type == FASTQUEUE_OPT_CUSTOM) {
		return row->read(v, settings);
	}
	if (read_typed(t, row, arg, v, settings) == FAILURE) {
		return FAILURE;
	}
	return row->check ? row->check(settings) : SUCCESS;
}

static const fastqueue_option *find_row(const fastqueue_option_table *t, const zend_string *key)
{
	for (size_t i = 0; i < t->count; i++) {
		if (ZSTR_LEN(key) == t->rows[i].name_len && memcmp(ZSTR_VAL(key), t->rows[i].name, t->rows[i].name_len) == 0) {
			return &t->rows[i];
		}
	}
	return NULL;
}

static zend_result read_first_rows(const fastqueue_option_table *t, uint32_t arg, HashTable *options, void *settings)
{
	for (size_t i = 0; i < t->count; i++) {
		const fastqueue_option *row = &t->rows[i];
		zval *v;

		if (row->first && (v = zend_hash_str_find_deref(options, row->name, row->name_len))
				&& read_row(t, row, arg, v, settings) == FAILURE) {
			return FAILURE;
		}
	}
	return SUCCESS;
}

/* A key that is no string, or that no row names: refused, in a nested set as a key of its parent. */
static void refuse_key(const fastqueue_option_table *t, uint32_t arg, const zend_string *key)
{
	if (!key && t->parent) {
		zend_argument_value_error(arg, "option \"%s\" must be an array with string keys", t->parent);
	} else if (!key) {
		zend_argument_value_error(arg, "must be an array with string keys");
	} else if (t->parent) {
		zend_argument_value_error(arg, "option \"%s\" contains unknown key \"%s\" (known: %s)", t->parent,
			ZSTR_VAL(key), t->known);
	} else {
		zend_argument_value_error(arg, "contains unknown option \"%s\"", ZSTR_VAL(key));
	}
}

zend_result fastqueue_options_read_arg(const fastqueue_option_table *t, uint32_t arg, HashTable *options, void *settings)
{
	zend_string *key;
	zval *v;

	if (!options) {
		return SUCCESS;
	}
	if (read_first_rows(t, arg, options, settings) == FAILURE) {
		return FAILURE;
	}
	ZEND_HASH_FOREACH_STR_KEY_VAL(options, key, v) {
		const fastqueue_option *row;

		ZVAL_DEREF(v);
		if (!key || !(row = find_row(t, key))) {
			refuse_key(t, arg, key);
			return FAILURE;
		}
		if (!row->first && read_row(t, row, arg, v, settings) == FAILURE) {
			return FAILURE;
		}
	} ZEND_HASH_FOREACH_END();
	return SUCCESS;
}

zend_result fastqueue_options_read(const fastqueue_option_table *t, HashTable *options, void *settings)
{
	return fastqueue_options_read_arg(t, t->arg, options, settings);
}
/* }}} */
