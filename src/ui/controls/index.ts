// One entry, so a page gets the controls as one small chunk rather than one chunk each.
export { NumberField } from './NumberField';
export { RadioGroup } from './RadioGroup';
export { Select } from './Select';
export { Slider } from './Slider';
export { FlipChecks } from './FlipChecks';
