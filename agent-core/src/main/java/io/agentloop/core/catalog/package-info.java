/**
 * What the core knows of common models without being told: the context window and list prices of
 * each, from a built-in table that configured windows and prices override. Compaction reads the
 * window to start at a share of it (the loop's compaction trigger, the launcher's compaction
 * settings); the hooks module's usage meter reads the prices to show what a run cost. Nothing here
 * is implemented elsewhere.
 */
package io.agentloop.core.catalog;
