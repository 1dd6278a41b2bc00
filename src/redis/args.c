/* A command's arguments (fastqueue_args) and the formatting of numbers into them. */
#include "args.h"
#include <math.h>

size_t fastqueue_format(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (size == 0) {
		return 0;
	}
	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	if (n < 0) {
		buf[0] = '\0';
		return 0;
	}
	/* Every caller sizes buf for its largest value: truncation is a bug, caught in debug builds. */
	ZEND_ASSERT((size_t) n < size);
	return (size_t) n < size ? (size_t) n : size - 1;
}

void fastqueue_format_note(char *err, size_t size, const char *fmt, ...)
{
	size_t used = strlen(err);
	va_list ap;

	if (used && used + 2 < size) {
		memcpy(err + used, "; ", 3);
		used += 2;
	}
	if (used + 1 >= size) {
		return;
	}
	va_start(ap, fmt);
	vsnprintf(err + used, size - used, fmt, ap);
	va_end(ap);
}

void fastqueue_args_init(fastqueue_args *a)
{
	a->argc = 0;
	a->cap = 16;
	a->argv = a->inline_argv;
	a->len = a->inline_len;
}

void fastqueue_args_add(fastqueue_args *a, const char *s, size_t len)
{
	if (a->argc == a->cap) {
		int cap = a->cap * 2;
		if (a->argv == a->inline_argv) {
			a->argv = safe_emalloc(cap, sizeof(*a->argv), 0);
			a->len = safe_emalloc(cap, sizeof(*a->len), 0);
			memcpy(a->argv, a->inline_argv, sizeof(a->inline_argv));
			memcpy(a->len, a->inline_len, sizeof(a->inline_len));
		} else {
			a->argv = safe_erealloc(a->argv, cap, sizeof(*a->argv), 0);
			a->len = safe_erealloc(a->len, cap, sizeof(*a->len), 0);
		}
		a->cap = cap;
	}
	a->argv[a->argc] = s;
	a->len[a->argc] = len;
	a->argc++;
}

void fastqueue_args_add_str(fastqueue_args *a, const zend_string *s)
{
	fastqueue_args_add(a, ZSTR_VAL(s), ZSTR_LEN(s));
}

void fastqueue_args_free(fastqueue_args *a)
{
	if (a->argv != a->inline_argv) {
		efree(a->argv);
		efree(a->len);
	}
	fastqueue_args_init(a);
}

size_t fastqueue_format_long(char *buf, zend_long n)
{
	char *p = buf;
	uint64_t u = (uint64_t) n;

	if (n < 0) {
		*p++ = '-';
		u = 0 - u; /* ZEND_LONG_MIN too: unsigned, no overflow */
	}
	p = fastqueue_put_digits(p, u);
	*p = '\0';
	return (size_t) (p - buf);
}

size_t fastqueue_format_seconds(char *buf, double seconds)
{
	double ms = seconds > 0 ? floor(seconds * 1000.0 + 0.5) : 0;
	uint64_t m = ms < 9e18 ? (uint64_t) ms : UINT64_C(9000000000000000000);
	char *p = fastqueue_put_digits(buf, m / 1000);

	*p++ = '.';
	*p++ = (char) ('0' + m / 100 % 10);
	*p++ = (char) ('0' + m / 10 % 10);
	*p++ = (char) ('0' + m % 10);
	*p = '\0';
	return (size_t) (p - buf);
}
