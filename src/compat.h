/* Version shims: the places where the PHP versions FastQueue builds on (8.2 to 8.6) differ, and
 * nowhere else. Each names the version that changed. */
#ifndef FASTQUEUE_COMPAT_H
#define FASTQUEUE_COMPAT_H

#include "php.h"
#include "ext/json/php_json.h"

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

#endif
