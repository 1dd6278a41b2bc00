/* The job options of RedisQueue::push() and later() (maxTries, maxExceptions, timeout,
 * backoff, retryUntil, failOnTimeout, displayName), read into the plain struct of
 * src/queue/payload.h that the payload is built from. */
#ifndef FASTQUEUE_JOB_OPTIONS_H
#define FASTQUEUE_JOB_OPTIONS_H

#include "php.h"
#include "payload.h"

/* Reads push/later's $options (NULL: none). FAILURE: a TypeError or ValueError naming the
 * option and arg_num (the argument's position) was thrown, or PHP code the reading ran
 * (DateTimeInterface::getTimestamp()) threw; out is left empty. */
zend_result fastqueue_job_options_parse(HashTable *options, uint32_t arg_num, fastqueue_job_options *out);

#endif
