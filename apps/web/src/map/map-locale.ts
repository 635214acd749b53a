/**
 * Russian texts of maplibre's controls (its `locale` option): zoom buttons, attribution, the
 * popup's close button, the scale's metric units «м» / «км».
 */
export const MAP_LOCALE_RU: Record<string, string> = {
  'AttributionControl.ToggleAttribution': 'Показать или скрыть источники данных',
  'AttributionControl.MapFeedback': 'Сообщить об ошибке на карте',
  'FullscreenControl.Enter': 'Во весь экран',
  'FullscreenControl.Exit': 'Выйти из полноэкранного режима',
  'GeolocateControl.FindMyLocation': 'Моё местоположение',
  'GeolocateControl.LocationNotAvailable': 'Местоположение недоступно',
  'LogoControl.Title': 'Логотип MapLibre',
  'Map.Title': 'Карта',
  'Marker.Title': 'Метка',
  'NavigationControl.ResetBearing': 'Повернуть на север',
  'NavigationControl.ZoomIn': 'Приблизить',
  'NavigationControl.ZoomOut': 'Отдалить',
  'Popup.Close': 'Закрыть',
  'ScaleControl.Feet': 'фт',
  'ScaleControl.Meters': 'м',
  'ScaleControl.Kilometers': 'км',
  'ScaleControl.Miles': 'мили',
  'ScaleControl.NauticalMiles': 'мор. мили',
  'GlobeControl.Enable': 'Включить глобус',
  'GlobeControl.Disable': 'Выключить глобус',
  'TerrainControl.Enable': 'Включить рельеф',
  'TerrainControl.Disable': 'Выключить рельеф',
  'CooperativeGesturesHandler.WindowsHelpText': 'Чтобы изменить масштаб, прокручивайте с нажатой клавишей Ctrl',
  'CooperativeGesturesHandler.MacHelpText': 'Чтобы изменить масштаб, прокручивайте с нажатой клавишей ⌘',
  'CooperativeGesturesHandler.MobileHelpText': 'Перемещайте карту двумя пальцами',
};
