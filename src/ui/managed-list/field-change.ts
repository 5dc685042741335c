/**
 * A managed form's values after one field changes. An error already shown goes once the field is
 * right (or becomes the field's new error); none appears while typing: errors show on Save.
 */
export function withFieldChange<V extends object, Errors extends object, F extends keyof V & keyof Errors>(
  form: { values: V; errors: Errors },
  name: F,
  value: V[F],
  validate: (values: V) => Errors,
): { values: V; errors?: Errors } {
  const values = { ...form.values, [name]: value };
  if (!(name in form.errors)) return { values };
  const errors = { ...form.errors };
  const now = validate(values)[name];
  if (now) errors[name] = now;
  else delete errors[name];
  return { values, errors };
}
