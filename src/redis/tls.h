/* TLS for the Redis connection over hiredis_ssl and OpenSSL. Only conn.c calls it: it runs on
 * a redisContext conn.c has just connected, before AUTH and SELECT. In a build without TLS
 * (FASTQUEUE_HAVE_TLS undefined) these say so and do nothing else. */
#ifndef FASTQUEUE_TLS_H
#define FASTQUEUE_TLS_H

#include "php.h"
#include "conn.h"

/* Whether this build has TLS. */
bool fastqueue_tls_available(void);

/* OpenSSL's version text, or NULL in a build without TLS. */
const char *fastqueue_tls_version(void);

/* Process-wide library setup, once (MINIT). */
void fastqueue_tls_minit(void);

/* Runs the TLS handshake on redis_ctx, a connected redisContext whose socket timeout bounds
 * it, then checks the server's certificate name. *tls_ctx is the redisSSLContext made from
 * opt->tls, created here on first use and kept by the caller for later handshakes. On FAILURE
 * writes why into err (never key material or passwords); the caller frees redis_ctx. */
zend_result fastqueue_tls_handshake(void *redis_ctx, void **tls_ctx, const fastqueue_conn_options *opt,
	char *err, size_t err_size);

/* OpenSSL's reason for the last failure on a TLS connection (a server that refused our
 * certificate says so in an alert), or ""; clears it. */
void fastqueue_tls_last_error(char *buf, size_t size);

/* Frees a redisSSLContext from fastqueue_tls_handshake (NULL is fine). */
void fastqueue_tls_context_free(void *tls_ctx);

#endif
