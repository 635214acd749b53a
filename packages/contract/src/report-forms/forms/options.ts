/** Options shared by the shipped report forms. */
import type { ReportFieldOption } from '../field-def';
import { ContainerType, CoverageType } from '../../enums/waste-area';

/** Hazard classes of wastes (ФЗ № 89-ФЗ ст. 4.1: I — чрезвычайно опасные … V — практически неопасные). */
export const HAZARD_CLASS_OPTIONS: ReportFieldOption[] = [
  { value: '1', label: 'I класс' }, { value: '2', label: 'II класс' }, { value: '3', label: 'III класс' },
  { value: '4', label: 'IV класс' }, { value: '5', label: 'V класс' },
];

/** Container types: the container registry's enumeration (spec 01 §3), so a pre-filled value fits. */
export const CONTAINER_TYPE_OPTIONS: ReportFieldOption[] = ContainerType.values.map((v) => ({ value: v, label: ContainerType.label(v) }));

/** Surface of a site: the waste-area registry's enumeration (ПП РФ № 1039 п. 3). */
export const COVERAGE_OPTIONS: ReportFieldOption[] = CoverageType.values.map((v) => ({ value: v, label: CoverageType.label(v) }));
