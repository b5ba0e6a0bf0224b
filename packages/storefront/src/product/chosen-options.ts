import { cartEndpoints, type ChosenOption, type ChosenOptionValue, type OptionFile, type ProductOption } from '@vitrine/commerce';
import { useApi } from '../app-context.tsx';

/** What the shopper chose for each of a product's options (input types 1–6), by option id. */
export type OptionValues = Readonly<Record<number, ChosenOptionValue>>;

/** Whether a choice says nothing: empty text, nothing ticked, no file. */
export const isEmptyChoice = (value: ChosenOptionValue | undefined): boolean =>
  value === undefined ||
  (typeof value === 'string' ? value.trim() === '' : Array.isArray(value) ? value.length === 0 : !value.name || !value.base64);

/** The choices worth keeping, as `Cart/SaveOptions` takes them. */
export function chosenOptions(options: readonly ProductOption[], values: OptionValues): Record<string, ChosenOptionValue> {
  const chosen: Record<string, ChosenOptionValue> = {};
  for (const option of options) {
    const value = values[option.optionID];
    if (!isEmptyChoice(value)) chosen[String(option.optionID)] = value!;
  }
  return chosen;
}

/** A file as an option of type 6 takes it (§5): its name and its content in base64. */
export function readOptionFile(file: File): Promise<OptionFile> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ name: file.name, base64: String(reader.result).replace(/^data:[^,]*,/, '') });
    reader.onerror = () => reject(reader.error ?? new Error(`${file.name} could not be read`));
    reader.readAsDataURL(file);
  });
}

/**
 * Keeps the shopper's choices with the store, answering the id the line's code carries and the choices as the cart
 * shows them; nothing chosen needs no call and no id.
 */
export function useSaveOptions(): (
  productId: number,
  options: readonly ProductOption[],
  values: OptionValues,
) => Promise<{ options?: string; chosen: ChosenOption[] }> {
  const api = useApi();
  return async (productId, options, values) => {
    const chosen = chosenOptions(options, values);
    if (!Object.keys(chosen).length) return { chosen: [] };
    const answer = await api.request(cartEndpoints.saveOptions, { body: { ProductID: productId, Options: chosen } });
    return answer.data;
  };
}
