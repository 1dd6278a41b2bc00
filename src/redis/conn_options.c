/* Copies of the connection's settings, owned by the connection that holds them, and their
 * release. */
#include "conn_options.h"

static zend_string *copy_or_null(zend_string *s)
{
	return s ? zend_string_copy(s) : NULL;
}

void fastqueue_conn_options_copy(fastqueue_conn_options *dst, const fastqueue_conn_options *opt)
{
	*dst = *opt;
	dst->host = copy_or_null(opt->host);
	dst->socket = copy_or_null(opt->socket);
	dst->username = copy_or_null(opt->username);
	dst->password = copy_or_null(opt->password);
	dst->tls.cafile = copy_or_null(opt->tls.cafile);
	dst->tls.capath = copy_or_null(opt->tls.capath);
	dst->tls.local_cert = copy_or_null(opt->tls.local_cert);
	dst->tls.local_pk = copy_or_null(opt->tls.local_pk);
	dst->tls.peer_name = copy_or_null(opt->tls.peer_name);
	fastqueue_sentinel_options_copy(&dst->sentinel, &opt->sentinel);
	fastqueue_cluster_options_copy(&dst->cluster, &opt->cluster);
}

static void release_or_null(zend_string **s)
{
	if (*s) {
		zend_string_release(*s);
		*s = NULL;
	}
}

void fastqueue_conn_options_free(fastqueue_conn_options *o)
{
	release_or_null(&o->host);
	release_or_null(&o->socket);
	release_or_null(&o->username);
	release_or_null(&o->password);
	release_or_null(&o->tls.cafile);
	release_or_null(&o->tls.capath);
	release_or_null(&o->tls.local_cert);
	release_or_null(&o->tls.local_pk);
	release_or_null(&o->tls.peer_name);
	fastqueue_sentinel_options_free(&o->sentinel);
	fastqueue_cluster_options_free(&o->cluster);
}

/* Copies of a list of count hosts and their ports (the sentinels', or a cluster's seeds). */
static void copy_hosts(zend_string ***hosts, zend_long **ports, zend_string *const *src_hosts,
	const zend_long *src_ports, uint32_t count)
{
	*hosts = safe_emalloc(count, sizeof(**hosts), 0);
	*ports = safe_emalloc(count, sizeof(**ports), 0);
	for (uint32_t i = 0; i < count; i++) {
		(*hosts)[i] = zend_string_copy(src_hosts[i]);
		(*ports)[i] = src_ports[i];
	}
}

void fastqueue_sentinel_options_copy(fastqueue_sentinel_options *dst, const fastqueue_sentinel_options *src)
{
	memset(dst, 0, sizeof(*dst));
	if (!src->count) {
		return;
	}
	dst->count = src->count;
	copy_hosts(&dst->hosts, &dst->ports, src->hosts, src->ports, src->count);
	dst->service = src->service ? zend_string_copy(src->service) : NULL;
	dst->username = src->username ? zend_string_copy(src->username) : NULL;
	dst->password = src->password ? zend_string_copy(src->password) : NULL;
}

void fastqueue_sentinel_options_free(fastqueue_sentinel_options *o)
{
	for (uint32_t i = 0; i < o->count; i++) {
		zend_string_release(o->hosts[i]);
	}
	if (o->hosts) efree(o->hosts);
	if (o->ports) efree(o->ports);
	if (o->service) zend_string_release(o->service);
	if (o->username) zend_string_release(o->username);
	if (o->password) zend_string_release(o->password);
	memset(o, 0, sizeof(*o));
}
void fastqueue_cluster_options_copy(fastqueue_cluster_options *dst, const fastqueue_cluster_options *src)
{
	memset(dst, 0, sizeof(*dst));
	if (!src->count) {
		return;
	}
	dst->count = src->count;
	copy_hosts(&dst->hosts, &dst->ports, src->hosts, src->ports, src->count);
}

void fastqueue_cluster_options_free(fastqueue_cluster_options *o)
{
	for (uint32_t i = 0; i < o->count; i++) {
		if (o->hosts[i]) zend_string_release(o->hosts[i]);
	}
	if (o->hosts) efree(o->hosts);
	if (o->ports) efree(o->ports);
	memset(o, 0, sizeof(*o));
}
