/**
 * Skills, in the Agent Skills layout other agents read: folders holding a {@code SKILL.md} with a
 * name, a one-line description and instructions. {@link io.agentloop.core.skill.Skills} finds them
 * and lists them for the system prompt; the {@code skill} tool loads one's instructions when the
 * model asks for it. The launcher gives an agent the skills of its configured folders and of its
 * plugins here.
 */
package io.agentloop.core.skill;
