/* Version shims: the places where the PHP versions FastQueue builds on (8.2 to 8.6) differ, and
 * nowhere else. Each names the version that changed. */
#ifndef FASTQUEUE_COMPAT_H
#define FASTQUEUE_COMPAT_H

#include "php.h"
#include "ext/json/php_json.h"
#include "ext/json/php_json_parser.h"

/* json_last_error()'s state: a bare code up to 8.5; from 8.6 a struct with the code and the
 * line and column of a decode error. FastQueue saves and restores the whole state around its
 * own encode, so that a user's json_last_error() is left as it was. */
#if PHP_VERSION_ID >= 80600
typedef php_json_error_details fastqueue_json_error_state;
#define FASTQUEUE_JSON_ERROR_STATE JSON_G(error_details)
#define FASTQUEUE_JSON_ERROR_CODE JSON_G(error_details).code
#else
typedef php_json_error_code fastqueue_json_error_state;
#define FASTQUEUE_JSON_ERROR_STATE JSON_G(error_code)
#define FASTQUEUE_JSON_ERROR_CODE JSON_G(error_code)
#endif

/* Where PHP's decoder stopped on text it refused: json_last_error_msg() names the line and
 * column from 8.6 on ("Syntax error near location 1:8"); before 8.6 nothing does (false). */
static inline bool fastqueue_json_error_location(const php_json_parser *parser, zend_ulong *line, zend_ulong *column)
{
#if PHP_VERSION_ID >= 80600
	php_json_error_details details;

	php_json_parser_error_details(parser, &details);
	*line = (zend_ulong) details.line;
	*column = (zend_ulong) details.column;
	return true;
#else
	(void) parser;
	*line = *column = 0;
	return false;
#endif
}

#endif
