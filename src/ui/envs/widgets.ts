// Which elements the widget renderer (WidgetControl.svelte) draws: the roles and states of the newer web families'
// widgets (file trees, accordions, pop-up date fields, spinners, dialogs, posts), each drawn as a control whose use
// sends the agent's action string.

import type { UiElement } from '../../envs/api';

const WIDGET_ROLES = new Set(['treeitem', 'spinbutton', 'dialog', 'article']);

/** An element that opens and closes (an accordion header, a folder, a date field) says so in its state. */
export const opensAndCloses = (el: UiElement): boolean => el.state?.expanded !== undefined || el.state?.collapsed !== undefined;

/** Drawn by WidgetControl rather than the generic controls. */
export const isWidget = (el: UiElement): boolean => WIDGET_ROLES.has(el.role) || opensAndCloses(el);
