/**
 * Buttons shown above a registry's list besides the generic ones, by contract registry name
 * (the predicted flows' «Пересчитать», issue 11 §1). Each component checks its own permission.
 */
import type { ComponentType } from 'react';
import { FlowsGenerateButton } from '../flows/flows-generate-button';

export const LIST_TOOLS: Record<string, ComponentType> = {
  'flows-predicted': FlowsGenerateButton,
};
