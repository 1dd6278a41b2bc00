/* TLS for the Redis connection: one redisSSLContext per connection settings, a handshake on
 * every new socket (a reconnect too), and the server-name check hiredis leaves to its callers
 * (its server_name is SNI only). Messages name the cause and the option to look at, never a
 * key or a password. */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif
#include "tls.h"

#ifdef FASTQUEUE_HAVE_TLS

#include <hiredis/hiredis.h>
#include <hiredis/hiredis_ssl.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>
#include <arpa/inet.h>
#include <errno.h>
#include <unistd.h>

bool fastqueue_tls_available(void)
{
	return true;
}

const char *fastqueue_tls_version(void)
{
	return OpenSSL_version(OPENSSL_VERSION);
}

void fastqueue_tls_minit(void)
{
	redisInitOpenSSL();
}

void fastqueue_tls_context_free(void *tls_ctx)
{
	if (tls_ctx) {
		redisFreeSSLContext(tls_ctx);
	}
}

static bool is_ip_address(const char *name)
{
	unsigned char addr[16];
	return inet_pton(AF_INET, name, addr) == 1 || inet_pton(AF_INET6, name, addr) == 1;
}

/* The name the certificate must carry: tls.peer_name, else the host we connect to. */
static const char *expected_name(const fastqueue_conn_options *opt)
{
	return opt->tls.peer_name ? ZSTR_VAL(opt->tls.peer_name) : ZSTR_VAL(opt->host);
}

/* OpenSSL's reason for the last failure, with its detail ("Verify error:certificate has
 * expired") when it recorded one; "" when it recorded nothing. Clears its error queue. */
static void openssl_reason(char *buf, size_t size)
{
	const char *data = NULL, *reason;
	int flags = 0;
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
	unsigned long e = ERR_peek_last_error_all(NULL, NULL, NULL, &data, &flags);
#else
	unsigned long e = ERR_peek_last_error_line_data(NULL, NULL, &data, &flags);
#endif

	buf[0] = '\0';
	if (e) {
		reason = ERR_reason_error_string(e);
		if (!reason && (flags & ERR_TXT_STRING) && data && *data) {
			snprintf(buf, size, "%s", data);
		} else if ((flags & ERR_TXT_STRING) && data && *data) {
			snprintf(buf, size, "%s (%s)", reason ? reason : "unknown reason", data);
		} else {
			snprintf(buf, size, "%s", reason ? reason : "unknown reason");
		}
	}
	ERR_clear_error();
}

/* Why a redisSSLContext could not be made, by the option to fix. Paths are named, except the
 * private key's (local_pk, or local_cert when it holds the key); what the files hold never is. */
/* Why a file given in the options would not load: the system's word when it cannot be read,
 * else OpenSSL's (not a certificate, not a key, a key that does not match). */
static void file_reason(const zend_string *path, char *buf, size_t size)
{
	if (path && access(ZSTR_VAL(path), R_OK) != 0) {
		snprintf(buf, size, "%s", strerror(errno));
		ERR_clear_error();
	} else {
		openssl_reason(buf, size);
	}
}

static void describe_context_error(const fastqueue_conn_options *opt, redisSSLContextError e, char *err, size_t size)
{
	char why[256];
	const fastqueue_tls_options *t = &opt->tls;

	switch (e) {
		case REDIS_SSL_CTX_CA_CERT_LOAD_FAILED:
			file_reason(t->cafile ? t->cafile : t->capath, why, sizeof(why));
			break;
		case REDIS_SSL_CTX_CLIENT_CERT_LOAD_FAILED:
			file_reason(t->local_cert, why, sizeof(why));
			break;
		case REDIS_SSL_CTX_PRIVATE_KEY_LOAD_FAILED:
			file_reason(t->local_pk ? t->local_pk : t->local_cert, why, sizeof(why));
			break;
		default:
			openssl_reason(why, sizeof(why));
	}
	switch (e) {
		case REDIS_SSL_CTX_CA_CERT_LOAD_FAILED:
			snprintf(err, size, "cannot load the CA certificates of %s \"%s\": %s",
				t->cafile ? "tls.cafile" : "tls.capath", ZSTR_VAL(t->cafile ? t->cafile : t->capath), why);
			break;
		case REDIS_SSL_CTX_CLIENT_CERT_LOAD_FAILED:
			if (t->local_pk) {
				snprintf(err, size, "cannot load the client certificate tls.local_cert \"%s\": %s",
					t->local_cert ? ZSTR_VAL(t->local_cert) : "", why);
			} else {
				/* Without local_pk, local_cert holds the private key too: its path is not shown. */
				snprintf(err, size, "cannot load the client certificate tls.local_cert (which holds the key too, "
					"so its path is not shown): %s", why);
			}
			break;
		case REDIS_SSL_CTX_PRIVATE_KEY_LOAD_FAILED:
			snprintf(err, size, "cannot load the private key of tls.local_pk (or tls.local_cert), "
				"or it does not match the certificate: %s", why);
			break;
		default:
			snprintf(err, size, "cannot set up TLS: %s%s%s", redisSSLContextGetError(e), why[0] ? ": " : "", why);
	}
}

static redisSSLContext *create_context(const fastqueue_conn_options *opt, char *err, size_t size)
{
	const fastqueue_tls_options *t = &opt->tls;
	const char *name = expected_name(opt);
	redisSSLContextError e = REDIS_SSL_CTX_NONE;
	redisSSLContext *ctx;
	redisSSLOptions o;

	memset(&o, 0, sizeof(o));
	o.cacert_filename = t->cafile ? ZSTR_VAL(t->cafile) : NULL;
	o.capath = t->capath ? ZSTR_VAL(t->capath) : NULL;
	o.cert_filename = t->local_cert ? ZSTR_VAL(t->local_cert) : NULL;
	/* As in PHP's SSL context, local_cert may hold the key too when local_pk is not given. */
	o.private_key_filename = t->local_pk ? ZSTR_VAL(t->local_pk) : o.cert_filename;
	/* SNI carries host names only (RFC 6066), never an address. */
	o.server_name = is_ip_address(name) ? NULL : name;
	/* The chain is verified all the same, during the handshake; its result is checked right
	 * after it (check_peer), before a byte of ours is sent. So the failure can name its cause
	 * ("certificate has expired"), which a handshake aborted by OpenSSL does not tell hiredis. */
	o.verify_mode = REDIS_SSL_VERIFY_NONE;
	ERR_clear_error();
	ctx = redisCreateSSLContextWithOptions(&o, &e);
	if (!ctx) {
		describe_context_error(opt, e, err, size);
	}
	return ctx;
}

static void describe_handshake_error(redisContext *rc, int saved_errno, char *err, size_t size)
{
	char why[256];
	const char *prefix = "SSL_connect failed: ";

	if (saved_errno == EAGAIN || saved_errno == EWOULDBLOCK) {
		snprintf(err, size, "the handshake timed out (connect_timeout): is that port TLS?");
		ERR_clear_error();
		return;
	}
	openssl_reason(why, sizeof(why));
	if (why[0]) {
		snprintf(err, size, "%s", why);
	} else if (rc->err && strncmp(rc->errstr, prefix, strlen(prefix)) == 0 && saved_errno != 0) {
		snprintf(err, size, "%s", rc->errstr + strlen(prefix));
	} else if (rc->err && strncmp(rc->errstr, prefix, strlen(prefix)) != 0) {
		snprintf(err, size, "%s", rc->errstr);
	} else {
		/* A syscall failure without errno: the peer hung up mid-handshake. */
		snprintf(err, size, "the server closed the connection during the handshake: is that port TLS?");
	}
}

/* hiredis 1.x keeps the connection's SSL* as the first member of its private per-connection
 * struct (c->privctx) and offers no getter. The socket it is bound to proves we read the right
 * thing; anything else fails closed. */
static SSL *connection_ssl(redisContext *rc)
{
	SSL *ssl = rc->privctx ? *(SSL **) rc->privctx : NULL;
	return ssl && SSL_get_fd(ssl) == rc->fd ? ssl : NULL;
}

static zend_result check_chain(SSL *ssl, char *err, size_t size)
{
	long result = SSL_get_verify_result(ssl);

	if (result != X509_V_OK) {
		snprintf(err, size, "the server's certificate failed verification: %s "
			"(tls.cafile/tls.capath name the CAs to trust; tls.verify_peer false skips this check)",
			X509_verify_cert_error_string(result));
		return FAILURE;
	}
	return SUCCESS;
}

static zend_result check_name(X509 *cert, const char *name, char *err, size_t size)
{
	int match;

	if (is_ip_address(name)) {
		match = X509_check_ip_asc(cert, name, 0);
	} else {
		match = X509_check_host(cert, name, strlen(name), X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS, NULL);
	}
	if (match != 1) {
		snprintf(err, size, "the server's certificate does not match the name \"%s\" "
			"(tls.peer_name, else the host; tls.verify_peer_name false skips this check)", name);
		return FAILURE;
	}
	return SUCCESS;
}

/* What PHP's SSL context does, in its order: the chain (verify_peer), then the name
 * (verify_peer_name), each on its own switch. */
static zend_result check_peer(redisContext *rc, const fastqueue_conn_options *opt, char *err, size_t size)
{
	SSL *ssl;
	X509 *cert;
	zend_result ok = SUCCESS;

	if (!opt->tls.verify_peer && !opt->tls.verify_peer_name) {
		return SUCCESS;
	}
	ssl = connection_ssl(rc);
	if (!ssl) {
		snprintf(err, size, "cannot reach the TLS session to check the server's certificate "
			"(unexpected hiredis internals)");
		return FAILURE;
	}
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
	cert = SSL_get1_peer_certificate(ssl);
#else
	cert = SSL_get_peer_certificate(ssl);
#endif
	if (!cert) {
		snprintf(err, size, "the server presented no certificate");
		return FAILURE;
	}
	if (opt->tls.verify_peer) {
		ok = check_chain(ssl, err, size);
	}
	if (ok == SUCCESS && opt->tls.verify_peer_name) {
		ok = check_name(cert, expected_name(opt), err, size);
	}
	X509_free(cert);
	ERR_clear_error();
	return ok;
}

void fastqueue_tls_last_error(char *buf, size_t size)
{
	openssl_reason(buf, size);
}

zend_result fastqueue_tls_handshake(void *redis_ctx, void **tls_ctx, const fastqueue_conn_options *opt,
	char *err, size_t err_size)
{
	redisContext *rc = redis_ctx;
	int saved_errno;

	if (!*tls_ctx) {
		*tls_ctx = create_context(opt, err, err_size);
		if (!*tls_ctx) {
			return FAILURE;
		}
	}
	ERR_clear_error();
	errno = 0;
	if (redisInitiateSSLWithContext(rc, *tls_ctx) != REDIS_OK) {
		saved_errno = errno;
		describe_handshake_error(rc, saved_errno, err, err_size);
		return FAILURE;
	}
	ERR_clear_error();
	return check_peer(rc, opt, err, err_size);
}

#else /* a build without TLS */

bool fastqueue_tls_available(void)
{
	return false;
}

const char *fastqueue_tls_version(void)
{
	return NULL;
}

void fastqueue_tls_minit(void)
{
}

void fastqueue_tls_last_error(char *buf, size_t size)
{
	if (size) {
		buf[0] = '\0';
	}
}

zend_result fastqueue_tls_handshake(void *redis_ctx, void **tls_ctx, const fastqueue_conn_options *opt,
	char *err, size_t err_size)
{
	(void) redis_ctx;
	(void) tls_ctx;
	(void) opt;
	/* RedisQueue refuses TLS settings in such a build; this is the last line. */
	snprintf(err, err_size, "this FastQueue build lacks TLS support");
	return FAILURE;
}

void fastqueue_tls_context_free(void *tls_ctx)
{
	(void) tls_ctx;
}

#endif
