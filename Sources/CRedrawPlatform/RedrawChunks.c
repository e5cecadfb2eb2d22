#include "RedrawChunks.h"

#include <pthread.h>
#include <stdlib.h>

REDRAW_THREAD_LOCAL redraw_thread *redraw_current_thread_storage = 0;
static void (*chunk_filled_handler)(void) = 0;

void redraw_set_chunk_filled_handler(void (*handler)(void)) {
  __atomic_store_n(&chunk_filled_handler, handler, __ATOMIC_RELEASE);
}

// MARK: - The pool

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
/// Free chunks of the standard size, linked through `next`.
static redraw_chunk *free_chunks = 0;
/// Chunks allocated (in use and free), and the most there may be.
static int64_t allocated = 0;
static int64_t limit = 64;
static uint32_t standard_slots = 2048;
/// Records dropped outside a thread's count: by threads that found no chunk for their first
/// record, and records too large for a header to describe.
static int64_t unattached_dropped = 0;

void redraw_chunks_configure(int64_t new_limit, uint32_t slots_per_chunk) {
  pthread_mutex_lock(&pool_lock);
  if (new_limit > 0) limit = new_limit;
  if (slots_per_chunk > 0 && slots_per_chunk != standard_slots) {
    // Free chunks of the old size go; chunks in use come back and are freed by size.
    while (free_chunks) {
      redraw_chunk *chunk = free_chunks;
      free_chunks = chunk->next;
      free(chunk);
      allocated -= 1;
    }
    standard_slots = slots_per_chunk;
  }
  pthread_mutex_unlock(&pool_lock);
}

/// A chunk of at least `slots` slots, empty, or NULL when the pool is exhausted (unless
/// `past_limit`).
static redraw_chunk *take_chunk(uint32_t slots, int past_limit) {
  redraw_chunk *chunk = 0;
  pthread_mutex_lock(&pool_lock);
  uint32_t capacity = slots > standard_slots ? slots : standard_slots;
  if (capacity == standard_slots && free_chunks) {
    chunk = free_chunks;
    free_chunks = chunk->next;
  } else if (allocated < limit || past_limit) {
    chunk = malloc(sizeof(redraw_chunk) + (size_t)capacity * sizeof(redraw_slot));
    if (chunk) {
      chunk->capacity = capacity;
      allocated += 1;
    }
  }
  pthread_mutex_unlock(&pool_lock);
  if (chunk) {
    __atomic_store_n(&chunk->count, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&chunk->next, (redraw_chunk *)0, __ATOMIC_RELAXED);
  }
  return chunk;
}

/// Keeps an emptied chunk for reuse, or frees it: a chunk of another size, and any chunk
/// while more are allocated than the limit (a scoped session's, allocated past it), so the
/// pool shrinks back to its bound.
static void give_back(redraw_chunk *chunk) {
  pthread_mutex_lock(&pool_lock);
  if (chunk->capacity == standard_slots && allocated <= limit) {
    chunk->next = free_chunks;
    free_chunks = chunk;
  } else {
    free(chunk);
    allocated -= 1;
  }
  pthread_mutex_unlock(&pool_lock);
}

int64_t redraw_chunks_allocated(void) {
  pthread_mutex_lock(&pool_lock);
  int64_t count = allocated;
  pthread_mutex_unlock(&pool_lock);
  return count;
}

void redraw_count_dropped(void) { __atomic_fetch_add(&unattached_dropped, 1, __ATOMIC_RELAXED); }

int64_t redraw_take_unattached_dropped(void) {
  return __atomic_exchange_n(&unattached_dropped, 0, __ATOMIC_RELAXED);
}

// MARK: - Threads

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static redraw_thread *threads = 0;
static pthread_key_t exit_key;
static pthread_once_t exit_key_once = PTHREAD_ONCE_INIT;

/// At the thread's exit: its state is the writer's to free once read. A record made later
/// on this thread (by another thread-specific destructor) attaches a new state.
static void thread_exited(void *state) {
  redraw_thread *thread = state;
  if (redraw_current_thread_storage == thread) redraw_current_thread_storage = 0;
  __atomic_store_n(&thread->closed, 1, __ATOMIC_RELEASE);
}

static void make_exit_key(void) { pthread_key_create(&exit_key, thread_exited); }

/// Attaches the calling thread with its first chunk, or NULL when there is none.
static redraw_thread *attach(uint32_t slots, int32_t tid, int past_limit) {
  redraw_chunk *chunk = take_chunk(slots, past_limit);
  if (!chunk) return 0;
  redraw_thread *thread = calloc(1, sizeof(redraw_thread));
  if (!thread) {
    give_back(chunk);
    return 0;
  }
  thread->current = chunk;
  thread->reading = chunk;
  thread->tid = tid;
  pthread_once(&exit_key_once, make_exit_key);
  pthread_setspecific(exit_key, thread);
  pthread_mutex_lock(&registry_lock);
  thread->next_thread = threads;
  threads = thread;
  pthread_mutex_unlock(&registry_lock);
  redraw_current_thread_storage = thread;
  return thread;
}

redraw_slot *redraw_reserve_slowly(uint32_t slots, int32_t tid, int past_limit) {
  redraw_thread *thread = redraw_current_thread_storage;
  if (!thread) {
    thread = attach(slots, tid, past_limit);
    if (!thread) {
      __atomic_fetch_add(&unattached_dropped, 1, __ATOMIC_RELAXED);
      return 0;
    }
    if (slots <= thread->current->capacity) return &thread->current->slots[0];
  }
  if (thread->used + slots <= thread->current->capacity) return &thread->current->slots[thread->used];
  redraw_chunk *fresh = take_chunk(slots, past_limit);
  if (!fresh) {
    __atomic_fetch_add(&thread->dropped, 1, __ATOMIC_RELAXED);
    return 0;
  }
  // `count` is final (each commit stored it); `next` hands the chunk over.
  __atomic_store_n(&thread->current->next, fresh, __ATOMIC_RELEASE);
  thread->current = fresh;
  thread->used = 0;
  void (*handler)(void) = __atomic_load_n(&chunk_filled_handler, __ATOMIC_ACQUIRE);
  if (handler) handler();
  return &fresh->slots[0];
}

// MARK: - The writer's side

int64_t redraw_threads_snapshot(redraw_thread **into, int64_t capacity) {
  pthread_mutex_lock(&registry_lock);
  int64_t count = 0;
  for (redraw_thread *thread = threads; thread; thread = thread->next_thread) {
    if (count < capacity) into[count] = thread;
    count += 1;
  }
  pthread_mutex_unlock(&registry_lock);
  return count;
}

uint32_t redraw_thread_readable(redraw_thread *thread, const redraw_slot **start) {
  while (1) {
    redraw_chunk *chunk = thread->reading;
    uint32_t count = __atomic_load_n(&chunk->count, __ATOMIC_ACQUIRE);
    if (thread->read < count) {
      *start = &chunk->slots[thread->read];
      return count - thread->read;
    }
    redraw_chunk *next = __atomic_load_n(&chunk->next, __ATOMIC_ACQUIRE);
    if (!next) return 0;
    // Done: `count`, stored before `next`, is final.
    count = __atomic_load_n(&chunk->count, __ATOMIC_ACQUIRE);
    if (thread->read < count) {
      *start = &chunk->slots[thread->read];
      return count - thread->read;
    }
    thread->reading = next;
    thread->read = 0;
    give_back(chunk);
  }
}

void redraw_thread_consume(redraw_thread *thread, uint32_t slots) { thread->read += slots; }

int64_t redraw_thread_take_dropped(redraw_thread *thread) {
  return __atomic_exchange_n(&thread->dropped, 0, __ATOMIC_RELAXED);
}

int64_t redraw_threads_reap(void) {
  int64_t freed = 0;
  pthread_mutex_lock(&registry_lock);
  redraw_thread **link = &threads;
  while (*link) {
    redraw_thread *thread = *link;
    int done = __atomic_load_n(&thread->closed, __ATOMIC_ACQUIRE) &&
               !__atomic_load_n(&thread->reading->next, __ATOMIC_ACQUIRE) &&
               thread->read == __atomic_load_n(&thread->reading->count, __ATOMIC_ACQUIRE) &&
               __atomic_load_n(&thread->dropped, __ATOMIC_RELAXED) == 0;
    if (done) {
      *link = thread->next_thread;
      give_back(thread->reading);
      free(thread);
      freed += 1;
    } else {
      link = &thread->next_thread;
    }
  }
  pthread_mutex_unlock(&registry_lock);
  return freed;
}
