/**
 * Text for people: outside text made safe to print on a terminal (control characters shown, never
 * obeyed) and the "did you mean" suggestion of an error message naming an unknown name. Used by
 * the core's own messages and, most of all, by the launcher and the Spring Boot starter, which
 * print text from models, tools and plugins.
 */
package io.agentloop.core.text;
